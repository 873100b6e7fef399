/**
 * The customizer's choices beyond colour themes (specification section 9): 4 sidebar background images,
 * 7 sidebar overlay filters, 6 header filters, 6 router animations (default fadeIn). Only names and colours
 * live here (the header and the sidebar need them on the first render); the pictures are static files.
 */

export const sidebarImages = ['majolica', 'hexagons', 'terrazzo', 'glaze'] as const;
export type SidebarImage = (typeof sidebarImages)[number];

/** Served from apps/web/public: small SVG patterns, no external request. */
export function sidebarImageUrl(image: SidebarImage): string {
  return `sidebar/${image}.svg`;
}

// Overlays laid over the picture; dark and opaque enough for white text at 4.5:1 or more over any pixel.
export const sidebarFilters = {
  charcoal: 'rgba(24, 28, 34, 0.9)',
  navy: 'rgba(16, 37, 66, 0.9)',
  teal: 'rgba(6, 64, 72, 0.9)',
  forest: 'rgba(23, 56, 32, 0.9)',
  wine: 'rgba(84, 18, 40, 0.9)',
  plum: 'rgba(58, 24, 76, 0.9)',
  terracotta: 'rgba(110, 38, 16, 0.9)',
} as const;
export type SidebarFilter = keyof typeof sidebarFilters;
export const sidebarFilterNames = Object.keys(sidebarFilters) as SidebarFilter[];

/** Header colours; `theme` keeps the theme's primary colour. All reach 4.5:1 with white text. */
export const headerFilters = {
  theme: null,
  charcoal: '#22272e',
  navy: '#14325c',
  teal: '#0b5561',
  wine: '#7a1f3d',
  forest: '#2f5a2a',
} as const;
export type HeaderFilter = keyof typeof headerFilters;
export const headerFilterNames = Object.keys(headerFilters) as HeaderFilter[];

export const routerAnimations = [
  'fadeIn',
  'fadeInUp',
  'slideInStart',
  'slideInEnd',
  'zoomIn',
  'none',
] as const;
export type RouterAnimation = (typeof routerAnimations)[number];
