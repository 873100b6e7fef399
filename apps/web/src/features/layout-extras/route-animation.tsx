import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { RouterAnimation } from '../../lib/layout-options.ts';
import { useUiSettings } from '../../lib/settings.ts';

/** Keyframes of each router animation; `start` and `end` follow the reading direction. */
export function animationKeyframes(animation: RouterAnimation, rtl: boolean): Keyframe[] | null {
  const fromStart = rtl ? 24 : -24;
  switch (animation) {
    case 'fadeIn':
      return [{ opacity: 0 }, { opacity: 1 }];
    case 'fadeInUp':
      return [
        { opacity: 0, transform: 'translateY(16px)' },
        { opacity: 1, transform: 'none' },
      ];
    case 'slideInStart':
      return [
        { opacity: 0, transform: `translateX(${fromStart}px)` },
        { opacity: 1, transform: 'none' },
      ];
    case 'slideInEnd':
      return [
        { opacity: 0, transform: `translateX(${-fromStart}px)` },
        { opacity: 1, transform: 'none' },
      ];
    case 'zoomIn':
      return [
        { opacity: 0, transform: 'scale(0.97)' },
        { opacity: 1, transform: 'none' },
      ];
    case 'none':
      return null;
  }
}

/**
 * Plays the chosen router animation on the content after each navigation (not on the first page, whose
 * content must show at once), and never when the device asks for reduced motion.
 */
export default function RouteAnimation({ target }: { target: React.RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const { routerAnimation } = useUiSettings();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!pathname) return;
    const element = target.current;
    if (!element?.animate || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const keyframes = animationKeyframes(routerAnimation, document.documentElement.dir === 'rtl');
    if (!keyframes) return;
    const animation = element.animate(keyframes, { duration: 300, easing: 'ease-out' });
    return () => animation.cancel();
  }, [pathname, routerAnimation, target]);
  return null;
}
