import type { Language } from '@pressroom/contract';

const size = { width: 24, height: 16 };

/** Flags drawn inline (no external requests). Decorative: the language name is always written beside. */
export function Flag({ language }: { language: Language }) {
  return (
    <svg
      viewBox="0 0 24 16"
      width={size.width}
      height={size.height}
      aria-hidden="true"
      focusable="false"
      style={{ borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.2)', flexShrink: 0 }}
    >
      {flagShapes[language]}
    </svg>
  );
}

const tricolourVertical = (a: string, b: string, c: string) => (
  <>
    <rect width="8" height="16" fill={a} />
    <rect x="8" width="8" height="16" fill={b} />
    <rect x="16" width="8" height="16" fill={c} />
  </>
);

const flagShapes: Record<Language, React.ReactNode> = {
  en: (
    <>
      <rect width="24" height="16" fill="#012169" />
      <path d="M0 0L24 16M24 0L0 16" stroke="#fff" strokeWidth="3.2" />
      <path d="M0 0L24 16M24 0L0 16" stroke="#C8102E" strokeWidth="1.2" />
      <path d="M12 0V16M0 8H24" stroke="#fff" strokeWidth="5" />
      <path d="M12 0V16M0 8H24" stroke="#C8102E" strokeWidth="3" />
    </>
  ),
  it: tricolourVertical('#009246', '#fff', '#CE2B37'),
  fr: tricolourVertical('#0055A4', '#fff', '#EF4135'),
  es: (
    <>
      <rect width="24" height="16" fill="#AA151B" />
      <rect y="4" width="24" height="8" fill="#F1BF00" />
    </>
  ),
  de: (
    <>
      <rect width="24" height="5.34" fill="#000" />
      <rect y="5.33" width="24" height="5.34" fill="#DD0000" />
      <rect y="10.66" width="24" height="5.34" fill="#FFCE00" />
    </>
  ),
  he: (
    <>
      <rect width="24" height="16" fill="#fff" />
      <rect y="1.5" width="24" height="2.2" fill="#0038B8" />
      <rect y="12.3" width="24" height="2.2" fill="#0038B8" />
      <path d="M12 4.9l2.6 4.5H9.4zM12 11.1L9.4 6.6h5.2z" fill="none" stroke="#0038B8" strokeWidth="0.8" />
    </>
  ),
  ar: (
    <>
      <rect width="24" height="16" fill="#006C35" />
      <path d="M6 10.5h12" stroke="#fff" strokeWidth="0.9" />
      <path d="M7 7.5c2-1 3 .8 5 0s3-1 5 0" fill="none" stroke="#fff" strokeWidth="0.9" />
    </>
  ),
};
