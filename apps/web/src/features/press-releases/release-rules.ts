import type { Permission, PressReleaseStatus, SessionUser } from '@pressroom/contract';

/**
 * What the signed-in user may do with a release, mirroring the server's rules (PRODUCT.md section 3) so the
 * screens only offer what will succeed; the server decides anyway.
 */
type Editor = Pick<SessionUser, 'permissions' | 'company_id'>;
type Release = { status: PressReleaseStatus; company_id: number | null; scheduled?: boolean };

const holds = (user: Editor | null, permission: Permission) => !!user?.permissions.includes(permission);

/** The permissions that open the releases back office. */
const releaseEditorPermissions: readonly Permission[] = [
  'press_release.manage_all',
  'press_release.publish_own_company',
  'press_release.write_own_company',
];

export function canUseReleasesBackOffice(user: Editor | null): boolean {
  return releaseEditorPermissions.some((permission) => holds(user, permission));
}

const ownCompany = (user: Editor, release: Release) =>
  user.company_id !== null && release.company_id === user.company_id;

/** Only the press office gives a release to any company; a company's editors always write for their own. */
export function canChooseReleaseCompany(user: Editor | null): boolean {
  return holds(user, 'press_release.manage_all');
}

export function canEditRelease(user: Editor | null, release: Release): boolean {
  if (!user) return false;
  if (holds(user, 'press_release.manage_all')) return true;
  if (!ownCompany(user, release)) return false;
  if (holds(user, 'press_release.publish_own_company')) return true;
  return holds(user, 'press_release.write_own_company') && release.status !== 'published';
}

function canPublishRelease(user: Editor | null, release: Release): boolean {
  if (!user) return false;
  return (
    holds(user, 'press_release.manage_all') ||
    (holds(user, 'press_release.publish_own_company') && ownCompany(user, release))
  );
}

/** A status change offered as a button: the target status and the label key of the action. */
export interface StatusAction {
  to: PressReleaseStatus;
  action: 'submit' | 'publish' | 'withdraw' | 'backToDraft' | 'cancelSchedule';
}

/** The status changes the user may make on the release, in the order the buttons are shown. */
export function statusActions(user: Editor | null, release: Release): StatusAction[] {
  const actions: StatusAction[] = [];
  const edit = canEditRelease(user, release);
  const publish = canPublishRelease(user, release);
  if (release.status === 'draft') {
    if (edit) actions.push({ to: 'submitted', action: 'submit' });
    if (publish) actions.push({ to: 'published', action: 'publish' });
  } else if (release.status === 'submitted') {
    if (publish) actions.push({ to: 'published', action: 'publish' });
    if (edit) actions.push({ to: 'draft', action: 'backToDraft' });
  } else if (publish) {
    // A scheduled release was never out: taking it back cancels its publication.
    actions.push({ to: 'draft', action: release.scheduled ? 'cancelSchedule' : 'withdraw' });
  }
  return actions;
}

/** The press office names who speaks for a release (its own contacts instead of its sites'). */
export function canNameReleaseContacts(user: Editor | null): boolean {
  return holds(user, 'press_contact.manage');
}

/** The press office features releases at the top of a site's Home (a company's editors do not). */
export function canFeatureReleases(user: Editor | null): boolean {
  return holds(user, 'press_release.manage_all');
}
