import { galleryZipBench } from '../gallery-zip.ts';
import type { BenchModule } from '../harness.ts';
import { importBench } from '../import.ts';
import { alertsBench } from './alerts.ts';
import { campaignsBench } from './campaigns.ts';
import { exhibitorsBench } from './exhibitors.ts';
import { picturesBench } from './pictures.ts';
import { platformBench } from './platform.ts';
import { pressOfficeBench } from './press-office.ts';
import { pressReleasesBench } from './press-releases.ts';
import { programmeBench } from './programme.ts';
import { twoServersBench } from './two-servers.ts';
import { webBudgetsBench } from './web-budgets.ts';

/** Every bench module, run in this order (the platform's first: it holds the ceilings). Add yours here. */
export const benchModules: BenchModule[] = [
  platformBench,
  pressReleasesBench,
  twoServersBench,
  galleryZipBench,
  importBench,
  alertsBench,
  campaignsBench,
  pressOfficeBench,
  exhibitorsBench,
  programmeBench,
  picturesBench,
  webBudgetsBench,
];
