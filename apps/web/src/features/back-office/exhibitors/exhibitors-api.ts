import {
  apiPaths,
  type Company,
  type DataTablesPage,
  type Edition,
  type Exhibitor,
  type ExhibitorCreateInput,
  type ExhibitorUpdateInput,
  type PressBox,
  type PressBoxChangeWaiting,
  type PressBoxContactFields,
  type PressBoxUpdateInput,
  type PressReleaseCompany,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';
import { type TableRequest, tableParams } from '../../../lib/table-request.ts';
import { listQuery } from '../api.ts';

// ------------------------------------------------------------------------------------------- exhibitors

/** The fair's editions, newest first (the staff choose the one whose exhibitors they keep). */
export const editionsQuery = queryOptions({
  queryKey: ['back-office', 'editions'],
  queryFn: ({ signal }) =>
    apiRequest<{ results: Edition[] }>(apiPaths.editions, { signal }).then((answer) => answer.results),
});

const exhibitorColumns = ['company', 'country', 'stands', 'category'];

export const exhibitorsQuery = (request: TableRequest, edition: number) =>
  listQuery<Exhibitor>('exhibitors', apiPaths.exhibitors, exhibitorColumns, request, { edition });

export const exhibitorsApi = {
  create: (body: ExhibitorCreateInput) =>
    apiRequest<Exhibitor>(apiPaths.exhibitors, { method: 'POST', body }),
  update: (id: number, body: ExhibitorUpdateInput) =>
    apiRequest<Exhibitor>(apiPaths.exhibitor(id), { method: 'PATCH', body }),
  remove: (id: number) => apiRequest<null>(apiPaths.exhibitor(id), { method: 'DELETE' }),
};

/**
 * Companies whose name matches, for a choice of company: the staff search every company; the press office
 * the companies it may give a release (every one).
 */
export const companyPickQuery = (search: string, source: 'companies' | 'releases') =>
  queryOptions({
    queryKey: ['back-office', 'company-pick', source, search],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (source === 'releases') {
        const answer = await apiRequest<{ results: PressReleaseCompany[] }>(
          `${apiPaths.pressReleaseCompanies}${queryString({ search })}`,
          { signal },
        );
        return answer.results.map((company) => ({ id: company.id, name: company.name }));
      }
      const answer = await apiRequest<DataTablesPage<Company>>(
        `${apiPaths.companies}${queryString(
          tableParams(['business_name'], {
            page: 0,
            pageSize: 20,
            search,
            order: { column: 'business_name', dir: 'asc' },
          }),
        )}`,
        { signal },
      );
      return answer.data.map((company) => ({ id: company.id, name: company.business_name }));
    },
  });

// -------------------------------------------------------------------------------------------- press box

export const pressBoxQuery = (company: number) =>
  queryOptions({
    queryKey: ['back-office', 'press-box', company],
    queryFn: ({ signal }) => apiRequest<PressBox>(apiPaths.pressBox(company), { signal }),
  });

/** A change answers the press box (it applied) or the change that waits for approval (an agent's). */
export type PressBoxAnswer = PressBox | PressBoxChangeWaiting;

export const waits = (answer: PressBoxAnswer): answer is PressBoxChangeWaiting => 'change' in answer;

const box = (company: number) => apiPaths.pressBox(company);

export const pressBoxApi = {
  update: (company: number, body: PressBoxUpdateInput) =>
    apiRequest<PressBoxAnswer>(box(company), { method: 'PATCH', body }),
  setLogo: (company: number, logo: File, language: string) =>
    sendMultipart<PressBoxAnswer>({ method: 'PUT', path: `${box(company)}logo/`, files: { logo }, language })
      .done,
  removeLogo: (company: number) => apiRequest<PressBoxAnswer>(`${box(company)}logo/`, { method: 'DELETE' }),
  addContact: (company: number, body: PressBoxContactFields) =>
    apiRequest<PressBoxAnswer>(`${box(company)}contacts/`, { method: 'POST', body }),
  updateContact: (company: number, contact: number, body: Partial<PressBoxContactFields>) =>
    apiRequest<PressBoxAnswer>(`${box(company)}contacts/${contact}/`, { method: 'PATCH', body }),
  removeContact: (company: number, contact: number) =>
    apiRequest<PressBoxAnswer>(`${box(company)}contacts/${contact}/`, { method: 'DELETE' }),
  setPhoto: (company: number, contact: number, photo: File, language: string) =>
    sendMultipart<PressBoxAnswer>({
      method: 'PUT',
      path: `${box(company)}contacts/${contact}/photo/`,
      files: { photo },
      language,
    }).done,
  removePhoto: (company: number, contact: number) =>
    apiRequest<PressBoxAnswer>(`${box(company)}contacts/${contact}/photo/`, { method: 'DELETE' }),
  /** The contacts in their new order (each of them once). */
  reorderContacts: (company: number, contacts: number[]) =>
    apiRequest<PressBoxAnswer>(`${box(company)}contacts/order/`, { method: 'PUT', body: { contacts } }),
  decide: (company: number, change: number, decision: 'approve' | 'reject') =>
    apiRequest<PressBox>(`${box(company)}changes/${change}/${decision}/`, { method: 'POST', body: {} }),
};
