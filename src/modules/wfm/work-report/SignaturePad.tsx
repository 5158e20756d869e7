import { Box, Button, Stack, Typography } from '@mui/material';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import SignaturePadEngine from 'signature_pad';

/** What the screen asks of the pad: the drawing as a PNG data URL, or null while nothing is drawn. */
export interface SignaturePadHandle {
  toPng(): string | null;
}

/**
 * A box to sign in with a finger, a pen or the mouse (signature_pad: pointer events). The canvas takes
 * the width of its container at the screen's pixel density, so strokes are sharp on a phone; a resize
 * clears it, since a stretched drawing would no longer be the signature that was drawn.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { disabled?: boolean; onChange?: (empty: boolean) => void }>(
  function SignaturePad({ disabled = false, onChange }, ref) {
    const translate = useTranslate();
    const box = useRef<HTMLDivElement>(null);
    const canvas = useRef<HTMLCanvasElement>(null);
    const pad = useRef<SignaturePadEngine | null>(null);
    const [empty, setEmpty] = useState(true);
    const changed = useRef(onChange);
    changed.current = onChange;

    useEffect(() => {
      const element = canvas.current!;
      const engine = new SignaturePadEngine(element, { penColor: '#1a237e', minWidth: 0.8, maxWidth: 2.6 });
      pad.current = engine;
      const mark = () => {
        setEmpty(engine.isEmpty());
        changed.current?.(engine.isEmpty());
      };
      engine.addEventListener('endStroke', mark);
      const fit = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const width = box.current?.clientWidth ?? 300;
        const height = Math.round(Math.min(220, Math.max(140, width * 0.45)));
        if (element.width === Math.round(width * ratio) && element.height === Math.round(height * ratio)) return;
        element.width = Math.round(width * ratio);
        element.height = Math.round(height * ratio);
        element.style.width = `${width}px`;
        element.style.height = `${height}px`;
        element.getContext('2d')!.scale(ratio, ratio);
        engine.clear();
        mark();
      };
      fit();
      const observer = new ResizeObserver(fit);
      if (box.current) observer.observe(box.current);
      return () => {
        observer.disconnect();
        engine.removeEventListener('endStroke', mark);
        engine.off();
      };
    }, []);

    useEffect(() => {
      if (!pad.current) return;
      if (disabled) pad.current.off();
      else pad.current.on();
    }, [disabled]);

    useImperativeHandle(ref, () => ({
      toPng: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null),
    }));

    const clear = () => {
      pad.current?.clear();
      setEmpty(true);
      onChange?.(true);
    };

    return (
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary" id="signature-hint">
          {translate('workReport.signHere')}
        </Typography>
        <Box
          ref={box}
          sx={{
            width: '100%',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
            // The page must not scroll while a finger draws.
            touchAction: 'none',
          }}
        >
          <canvas
            ref={canvas}
            data-testid="signature-pad"
            role="img"
            aria-label={translate('workReport.signature')}
            aria-describedby="signature-hint"
            style={{ display: 'block' }}
          />
        </Box>
        <Box>
          <Button size="small" onClick={clear} disabled={disabled || empty}>
            {translate('workReport.clear')}
          </Button>
        </Box>
      </Stack>
    );
  },
);
