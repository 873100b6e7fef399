import { MagazineScreen } from './magazine-screen.tsx';

/** /international-magazine: the same screen for international magazines (with the territory filter). */
export default function InternationalMagazineScreen() {
  return <MagazineScreen kind="international" />;
}
