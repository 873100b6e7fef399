import {
  associationStatuses,
  companyFieldNames,
  errorReportLevels,
  importFormats,
  importOutcomes,
  importStatuses,
  permissions,
  pressBoxChangeKinds,
  roles,
  userStatuses,
} from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { backOfficeEn, listTransferEn } from './en.ts';
import { listTransferIt } from './it.ts';

describe('back-office catalog', () => {
  it("keeps the specification's Italian empty-list text of the list-transfer widget", () => {
    expect(listTransferIt.empty).toBe('Nessun Elemento');
    expect(listTransferEn.empty).toBe('No items');
  });

  it('names every company field, role and permission of the contract', () => {
    const labels = backOfficeEn as unknown as {
      company: Record<string, string>;
      roles: Record<string, string>;
      permissions: Record<string, Record<string, string>>;
    };
    expect(companyFieldNames.filter((field) => !labels.company[field])).toEqual([]);
    expect(roles.filter((role) => !labels.roles[role])).toEqual([]);
    expect(
      permissions.filter((name) => {
        const [group, action] = name.split('.');
        return !labels.permissions[group]?.[action];
      }),
    ).toEqual([]);
  });

  it('names every value of the enumerations the screens show', () => {
    const missing = (labels: Record<string, unknown>, values: readonly string[]) =>
      values.filter((value) => typeof labels[value] !== 'string');
    expect({
      associationStatus: missing(backOfficeEn.associationStatus, associationStatuses),
      userStatus: missing(backOfficeEn.userStatus, userStatuses),
      importStatus: missing(backOfficeEn.importStatus, importStatuses),
      importFormat: missing(backOfficeEn.importFormat, importFormats),
      dryRun: missing(backOfficeEn.importOutcome.dryRun, importOutcomes),
      done: missing(backOfficeEn.importOutcome.done, importOutcomes),
      errorLevel: missing(backOfficeEn.errorLevel, errorReportLevels),
      pressBoxChange: missing(backOfficeEn.pressBox.changeKind, pressBoxChangeKinds),
    }).toEqual({
      associationStatus: [],
      userStatus: [],
      importStatus: [],
      importFormat: [],
      dryRun: [],
      done: [],
      errorLevel: [],
      pressBoxChange: [],
    });
  });
});
