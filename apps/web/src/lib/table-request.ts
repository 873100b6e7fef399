import { dataTablesParams } from './api-client.ts';

/** What a server-side table asks for: the DataTables protocol's paging, ordering and global search. */
export interface TableRequest {
  page: number;
  pageSize: number;
  search: string;
  order: { column: string; dir: 'asc' | 'desc' } | null;
}

/** django-rest-framework-datatables parameters for a table of the given columns. */
export function tableParams(columns: string[], request: TableRequest): Record<string, string | number> {
  const orderIndex = request.order ? columns.indexOf(request.order.column) : -1;
  return {
    ...dataTablesParams({
      columns,
      start: request.page * request.pageSize,
      length: request.pageSize,
      order: orderIndex >= 0 && request.order ? { column: orderIndex, dir: request.order.dir } : undefined,
    }),
    'search[value]': request.search,
    'search[regex]': 'false',
  };
}
