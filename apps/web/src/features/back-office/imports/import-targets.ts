import {
  type CoverageImportField,
  coverageImportRequiredFields,
  type ImportField,
  type ImportTarget,
  importTargetFields,
  type Permission,
} from '@pressroom/contract';

/**
 * What the wizard offers to fill: companies to the associated companies' staff (company.import), a site's
 * coverage to its press office (press_release.manage_all). The API's third target, an edition's exhibitors, has
 * no step here yet.
 */
const wizardTargets = ['companies', 'coverage'] as const satisfies readonly ImportTarget[];
export type WizardTarget = (typeof wizardTargets)[number];

const targetPermission: Record<WizardTarget, Permission> = {
  companies: 'company.import',
  coverage: 'press_release.manage_all',
};

/** The targets this user may import into, companies first. */
export function targetsFor(permissions: readonly string[]): WizardTarget[] {
  return wizardTargets.filter((target) => permissions.includes(targetPermission[target]));
}

/** The fields a column may be mapped to for a target, in the order the mapping menu lists them. */
export const fieldsOf = (target: WizardTarget): readonly ImportField[] => importTargetFields[target];

/** The label key of a field: a company's field, or a piece of coverage's. */
export const fieldLabelKey = (target: ImportTarget, field: string) =>
  target === 'coverage' ? `backOffice.imports.coverageFields.${field}` : `backOffice.company.${field}`;

/** The message (a key of the contract's messages) saying what the mapping lacks, or null when it can run. */
export function mappingProblem(
  target: WizardTarget,
  mapping: Partial<Record<string, string>>,
): string | null {
  if (target === 'coverage') {
    return coverageImportRequiredFields.some((field: CoverageImportField) => !mapping[field])
      ? 'importCoverageUnmapped'
      : null;
  }
  return mapping.business_name ? null : 'importBusinessNameUnmapped';
}
