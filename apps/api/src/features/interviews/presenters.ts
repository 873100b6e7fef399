import {
  apiPaths,
  type InterviewRequest,
  type InterviewRequestPage,
  type Language,
} from '@pressroom/contract';
import type { InterviewDetail } from './repository.ts';

/** A request as either side reads it: what the journalist agreed to share is part of it. */
export function presentInterview({ request, context }: InterviewDetail): InterviewRequest {
  return {
    id: request.id,
    status: request.status as InterviewRequest['status'],
    exhibitor: { id: context.exhibitorId, company: context.companyId, name: context.companyName },
    edition: {
      id: context.edition.id,
      name: context.edition.name,
      starts_on: context.edition.startsOn,
      ends_on: context.edition.endsOn,
      time_zone: context.edition.timeZone,
    },
    topic: request.topic,
    language: request.language as Language,
    format: request.format as InterviewRequest['format'],
    preferred_times: request.preferredTimes,
    message: request.message,
    journalist: {
      name: request.journalistName,
      outlet: request.outlet,
      email: request.email,
      phone: request.phone,
    },
    scheduled_at: request.scheduledAt?.toISOString() ?? null,
    place: request.place,
    decline_reason: request.declineReason,
    cancelled_by: request.cancelledBy as InterviewRequest['cancelled_by'],
    cancel_reason: request.cancelReason,
    calendar_url: request.scheduledAt ? apiPaths.interviewCalendar(request.id) : null,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

export const presentInterviews = (details: InterviewDetail[]) => ({ data: details.map(presentInterview) });

/** A page of the exhibitor side's list, with the editions its requests belong to. */
export function presentInterviewPage(page: {
  count: number;
  page: number;
  pageSize: number;
  rows: InterviewDetail[];
  editions: { id: number; name: string; startsOn: string }[];
}): InterviewRequestPage {
  return {
    count: page.count,
    page: page.page,
    page_size: page.pageSize,
    results: page.rows.map(presentInterview),
    editions: page.editions.map((edition) => ({
      id: edition.id,
      name: edition.name,
      starts_on: edition.startsOn,
    })),
  };
}
