/** The "Esportazioni per il commercialista" screen (docs/spa.md#exports-for-the-accountant), loaded only with its route. */
export { default } from './AccountantScreen';
