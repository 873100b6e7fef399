import {
  apiPaths,
  type Directory,
  type GalleryTreeNode,
  type ProgrammeAttendance,
  type ProgrammeCancelInput,
  type ProgrammeCheckInInput,
  type ProgrammeCheckInResult,
  type ProgrammeDeclineInput,
  type ProgrammeEvent,
  type ProgrammeEventCreateInput,
  type ProgrammeEventList,
  type ProgrammeEventProposeInput,
  type ProgrammeEventStatus,
  type ProgrammeEventUpdateInput,
  pickLocalized,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest, queryString } from '../../../lib/api-client.ts';

/** The edition's events in any status (a company's administrator: their company's). */
export const adminProgrammeQuery = (status: ProgrammeEventStatus | undefined, language: string) =>
  queryOptions({
    queryKey: ['back-office', 'programme', 'list', status ?? null, language],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<ProgrammeEventList>(`${apiPaths.programmeAdmin}${queryString({ status })}`, { signal }),
  });

export const attendanceQuery = (id: number) =>
  queryOptions({
    queryKey: ['back-office', 'programme', 'attendance', id],
    queryFn: ({ signal }) => apiRequest<ProgrammeAttendance>(apiPaths.programmeAttendance(id), { signal }),
  });

export const adminEventQuery = (id: number) =>
  queryOptions({
    queryKey: ['back-office', 'programme', 'event', id],
    queryFn: ({ signal }) => apiRequest<ProgrammeEvent>(apiPaths.programmeAdminEvent(id), { signal }),
  });

/** The edition's exhibitors whose name matches, to choose an event's organiser (the public directory). */
export const exhibitorPickQuery = (edition: number, search: string) =>
  queryOptions({
    queryKey: ['back-office', 'programme', 'exhibitor-pick', edition, search],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<Directory>(
        `${apiPaths.exhibitorDirectory}${queryString({ edition, search, page_size: 20 })}`,
        { signal },
      );
      return answer.results.map((entry) => ({
        id: entry.id,
        company: entry.company.id,
        name: entry.company.name,
      }));
    },
  });

/** Something an event links to, as the picker offers and shows it. */
export interface LinkChoice {
  id: number;
  title: string;
}

function galleriesOf(nodes: GalleryTreeNode[], language: string): LinkChoice[] {
  return nodes.flatMap((node) => [
    ...node.galleries.map((gallery) => ({ id: gallery.id, title: pickLocalized(gallery.name, language) })),
    ...galleriesOf(node.childs, language),
  ]);
}

/** The site's galleries (its gallery tree, a few hundred at most), matched by name in the reader's language. */
export const galleryPickQuery = (language: string) =>
  queryOptions({
    queryKey: ['back-office', 'programme', 'gallery-pick', language],
    queryFn: async ({ signal }) =>
      galleriesOf(await apiRequest<GalleryTreeNode[]>(apiPaths.galleryTree, { signal }), language),
  });

export const programmeAdminApi = {
  create: (body: ProgrammeEventCreateInput) =>
    apiRequest<ProgrammeEvent>(apiPaths.programmeAdmin, { method: 'POST', body }),
  propose: (body: ProgrammeEventProposeInput) =>
    apiRequest<ProgrammeEvent>(apiPaths.programmeProposals, { method: 'POST', body }),
  update: (id: number, body: ProgrammeEventUpdateInput) =>
    apiRequest<ProgrammeEvent>(apiPaths.programmeAdminEvent(id), { method: 'PATCH', body }),
  approve: (id: number) => apiRequest<ProgrammeEvent>(apiPaths.programmeApprove(id), { method: 'POST' }),
  decline: (id: number, body: ProgrammeDeclineInput) =>
    apiRequest<ProgrammeEvent>(apiPaths.programmeDecline(id), { method: 'POST', body }),
  cancel: (id: number, body: ProgrammeCancelInput) =>
    apiRequest<ProgrammeEvent>(apiPaths.programmeCancel(id), { method: 'POST', body }),
  checkIn: (id: number, body: ProgrammeCheckInInput) =>
    apiRequest<ProgrammeCheckInResult>(apiPaths.programmeCheckIn(id), { method: 'POST', body }),
  /** The attendance as CSV, fetched with the session's token. */
  attendanceCsv: (id: number) => apiBlob(apiPaths.programmeAttendanceCsv(id)),
  /** The attendance as a PDF (the door's paper copy). */
  attendancePdf: (id: number) => apiBlob(apiPaths.programmeAttendancePdf(id)),
};
