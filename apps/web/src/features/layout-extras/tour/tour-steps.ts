/** The five steps of the guided tour, each anchored to a part of the main layout. */
export const tourSteps = [
  { key: 'sidebarToggle', anchor: '[data-testid="sidebar-toggle"]', placement: 'bottom-start' },
  { key: 'language', anchor: '[data-testid="language-menu"]', placement: 'bottom' },
  { key: 'user', anchor: '[data-testid="user-menu"], [data-testid="sign-in"]', placement: 'bottom-end' },
  { key: 'sidebar', anchor: '#app-sidebar', placement: 'right' },
  { key: 'content', anchor: '#main-content h1, #main-content', placement: 'bottom-start' },
] as const;

export type TourStep = (typeof tourSteps)[number];

/** The next step index, or null when the tour ends. */
export function nextStep(index: number): number | null {
  return index + 1 < tourSteps.length ? index + 1 : null;
}

export function previousStep(index: number): number {
  return Math.max(0, index - 1);
}

/**
 * The element a step points at: the first visible match; on narrow screens the sidebar is closed, so its
 * step points at the sidebar toggle instead.
 */
export function findAnchor(
  step: TourStep,
  root: ParentNode = document,
): { element: HTMLElement; placement: TourStep['placement'] } | null {
  for (const candidate of [step, tourSteps[0]]) {
    for (const element of root.querySelectorAll<HTMLElement>(candidate.anchor)) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return { element, placement: candidate.placement };
    }
  }
  return null;
}
