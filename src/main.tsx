// First: zod's configuration must be in place before any chunk that holds zod evaluates.
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot } from './app/boot';
import { appErrors } from './app/errors';
import { Root } from './app/Root';

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );

// index.html shows a progress bar until then. A start-up error is recorded on the app error state
// (and logged): the root then shows the error view (docs/spa.md#boot).
boot().then(render, (error: unknown) => {
  appErrors.record(error, 'start-up');
  render();
});
