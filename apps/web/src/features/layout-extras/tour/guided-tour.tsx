import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guidedTour } from '../../../lib/tour.ts';
import { findAnchor, nextStep, previousStep, tourSteps } from './tour-steps.ts';

/** How long a step looks for the part it points at before the tour gives up. */
const anchorWaitMs = 3000;

/** Where the highlighted element is on screen, kept up to date while the page scrolls or resizes. */
function useBox(anchor: HTMLElement | null) {
  const [box, setBox] = useState<DOMRect | null>(null);
  useLayoutEffect(() => {
    if (!anchor) return;
    const measure = () => setBox(anchor.getBoundingClientRect());
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [anchor]);
  return box;
}

/**
 * The five-step guided tour: a non-modal popover next to each part of the layout, with Back, Next and Skip.
 * Focus moves to its main button at each step (Enter walks on); Escape closes it and gives focus back.
 */
export default function GuidedTour() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [found, setFound] = useState<ReturnType<typeof findAnchor>>(null);
  const anchor = found?.element ?? null;
  const titleId = useId();
  const textId = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(document.activeElement);
  const step = tourSteps[index];
  const box = useBox(anchor);
  const last = nextStep(index) === null;

  const close = () => {
    guidedTour.close();
    const target = returnFocus.current;
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus();
    else document.getElementById('main-content')?.focus();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  // The part a step points at may not be laid out when the step opens (the screen is still arriving): look
  // again at the next frames. Rather than stay open unseen, which would also keep the menu's "Guided tour"
  // from starting it again, the tour closes once nothing has been found for a while.
  useLayoutEffect(() => {
    let frame = 0;
    const givingUpAt = performance.now() + anchorWaitMs;
    const look = () => {
      const next = findAnchor(step);
      next?.element.scrollIntoView?.({ block: 'nearest' });
      setFound(next);
      if (next) return;
      if (performance.now() < givingUpAt) frame = window.requestAnimationFrame(look);
      else closeRef.current();
    };
    look();
    return () => window.cancelAnimationFrame(frame);
  }, [step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves again at every step and anchor.
  useEffect(() => {
    // After the popper has placed itself, so the page does not jump.
    const timer = window.setTimeout(() => primary.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [index, anchor]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!found) return null;
  const forward = () => {
    const next = nextStep(index);
    if (next === null) close();
    else setIndex(next);
  };

  return (
    <>
      {box && (
        <Box
          aria-hidden="true"
          data-testid="tour-highlight"
          // Inline: the right-to-left style cache would turn `left` into `right`.
          style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }}
          sx={{
            position: 'fixed',
            borderRadius: 1,
            outline: '3px solid',
            outlineColor: 'secondary.main',
            boxShadow: '0 0 0 6px rgba(255, 255, 255, 0.7)',
            pointerEvents: 'none',
            zIndex: (theme) => theme.zIndex.tooltip,
          }}
        />
      )}
      <Popper
        open
        anchorEl={found.element}
        placement={found.placement}
        modifiers={[{ name: 'offset', options: { offset: [0, 12] } }]}
        sx={{ zIndex: (theme) => theme.zIndex.tooltip + 1, width: 'min(340px, calc(100vw - 24px))' }}
      >
        <Paper
          role="dialog"
          aria-labelledby={titleId}
          aria-describedby={textId}
          elevation={8}
          data-testid="guided-tour"
          data-step={step.key}
          sx={{ p: 2.5, border: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" color="text.secondary" data-testid="tour-progress">
            {t('layoutExtras.tour.label')} ·{' '}
            {t('layoutExtras.tour.stepOf', { step: index + 1, total: tourSteps.length })}
          </Typography>
          <Typography variant="h2" id={titleId} sx={{ fontSize: '1.15rem', mt: 0.5, mb: 1 }}>
            {t(`layoutExtras.tour.steps.${step.key}.title`)}
          </Typography>
          <Typography id={textId} sx={{ mb: 2 }}>
            {t(`layoutExtras.tour.steps.${step.key}.text`)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button onClick={close} data-testid="tour-skip">
              {t('layoutExtras.tour.skip')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            {index > 0 && (
              <Button
                variant="outlined"
                onClick={() => setIndex(previousStep(index))}
                data-testid="tour-back"
              >
                {t('layoutExtras.tour.back')}
              </Button>
            )}
            <Button ref={primary} variant="contained" onClick={forward} data-testid="tour-next">
              {last ? t('layoutExtras.tour.done') : t('layoutExtras.tour.next')}
            </Button>
          </Box>
        </Paper>
      </Popper>
    </>
  );
}
