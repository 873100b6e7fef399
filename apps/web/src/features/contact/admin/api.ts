import { apiPaths, type DataTablesPage } from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from '../../../lib/api-client.ts';

export interface ContactMessage {
  id: number;
  user_id: number | null;
  sender_name: string;
  sender_email: string;
  subject: string;
  message: string;
  language: string;
  site: number | null;
  created_at: string;
  read_at: string | null;
}

export const inboxPageSize = 20;
const columns = ['unread', 'created_at', 'subject', 'message', 'sender_name', 'sender_email'];

/** A page of the inbox: unread messages first, each group newest first; `search` looks in every text. */
export const inboxQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: ['contact-inbox', page, search],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params: Record<string, string | number> = {
        ...dataTablesParams({ columns, start: page * inboxPageSize, length: inboxPageSize }),
        'order[0][column]': 0,
        'order[0][dir]': 'desc',
        'order[1][column]': 1,
        'order[1][dir]': 'desc',
      };
      if (search) {
        params['search[value]'] = search;
        params['search[regex]'] = 'false';
      }
      return apiRequest<DataTablesPage<ContactMessage>>(`${apiPaths.contact}${queryString(params)}`, {
        signal,
      });
    },
  });

/** How many messages are unread (for the heading). */
export const unreadCountQuery = queryOptions({
  queryKey: ['contact-inbox', 'unread-count'],
  queryFn: ({ signal }) =>
    apiRequest<{ count: number }>(`${apiPaths.contact}${queryString({ unread: 'true', page_size: 1 })}`, {
      signal,
    }).then((page) => page.count),
});

export const messageQuery = (id: number) =>
  queryOptions({
    queryKey: ['contact-message', id],
    queryFn: ({ signal }) => apiRequest<ContactMessage>(apiPaths.contactMessage(id), { signal }),
  });

export const markRead = (id: number, read: boolean) =>
  apiRequest<ContactMessage>(apiPaths.contactMessage(id), { method: 'PATCH', body: { read } });

/** A mailto link that answers the message in the user's mail program, quoting it. */
export function replyLink(message: ContactMessage, quoteIntro: string): string {
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.sender_email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`\n\n${quoteIntro}\n${quoted}`)}`;
}
