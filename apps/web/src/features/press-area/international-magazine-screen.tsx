import { PendingSection } from '../../components/pending-section.tsx';

// Placeholder until the press-content feature delivers this screen: replace the import in route-table.ts.
export default function InternationalMagazineScreen() {
  return <PendingSection titleKey="menu.internationalMagazine" />;
}
