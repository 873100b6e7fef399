import { MagazineScreen } from './magazine-screen.tsx';

/** /italianMagazine: the magazine screen for Italian magazines. */
export default function ItalianMagazineScreen() {
  return <MagazineScreen kind="italian" />;
}
