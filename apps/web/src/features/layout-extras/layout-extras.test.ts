import { describe, expect, it } from 'vitest';
import {
  headerFilterNames,
  routerAnimations,
  sidebarFilterNames,
  sidebarImages,
} from '../../lib/layout-options.ts';
import { animationKeyframes } from './route-animation.tsx';
import { nextStep, previousStep, tourSteps } from './tour/tour-steps.ts';

describe('layout options', () => {
  it('offer the counts of the specification: 4 images, 7 overlay filters, 6 header filters, 6 animations', () => {
    expect([
      sidebarImages.length,
      sidebarFilterNames.length,
      headerFilterNames.length,
      routerAnimations.length,
    ]).toEqual([4, 7, 6, 6]);
  });

  it('slide in from the start of the line: from the left in LTR, from the right in RTL', () => {
    expect(animationKeyframes('slideInStart', false)?.[0]).toEqual({
      opacity: 0,
      transform: 'translateX(-24px)',
    });
    expect(animationKeyframes('slideInStart', true)?.[0]).toEqual({
      opacity: 0,
      transform: 'translateX(24px)',
    });
    expect(animationKeyframes('slideInEnd', false)?.[0]).toEqual({
      opacity: 0,
      transform: 'translateX(24px)',
    });
    expect(animationKeyframes('fadeIn', false)).toEqual([{ opacity: 0 }, { opacity: 1 }]);
    expect(animationKeyframes('none', false)).toBeNull();
  });
});

describe('guided tour steps', () => {
  it('are five: sidebar toggle, language menu, user menu, sidebar, content', () => {
    expect(tourSteps.map((step) => step.key)).toEqual([
      'sidebarToggle',
      'language',
      'user',
      'sidebar',
      'content',
    ]);
  });

  it('walk forward to the end and back to the first', () => {
    expect([0, 1, 2, 3, 4].map(nextStep)).toEqual([1, 2, 3, 4, null]);
    expect([4, 1, 0].map(previousStep)).toEqual([3, 0, 0]);
  });
});
