import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DataTablesPage } from '@pressroom/contract';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRequest } from '../lib/table-request.ts';
import { useSearchText, useUrlState } from '../lib/url-state.ts';

const pageSizes = [10, 25, 50];

export interface TableColumn<Row> {
  /** The DataTables column name (what the server orders by). */
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: Row) => ReactNode;
  /** Shown as the row's header cell (th scope=row) for screen readers. */
  rowHeader?: boolean;
}

interface ServerTableProps<Row> {
  label: string;
  columns: TableColumn<Row>[];
  // biome-ignore lint/suspicious/noExplicitAny: the query key type does not matter here
  query: (request: TableRequest) => UseQueryOptions<DataTablesPage<Row>, Error, DataTablesPage<Row>, any>;
  rowKey: (row: Row) => string | number;
  searchLabel?: string;
  /** More filters beside the search box. */
  filters?: ReactNode;
  emptyText: string;
  testId: string;
  defaultOrder?: TableRequest['order'];
  /** Prefix of the URL parameters, for a screen with two tables. */
  paramPrefix?: string;
  /** How many filters stand beside the search box on a wide screen (for the grid). */
  filterCount?: number;
  /** The count line above the table; "N of total" unless given. */
  countText?: (page: DataTablesPage<Row>) => string;
}

/**
 * A list the server pages, orders and searches (DataTables protocol) in an MUI table. Its state lives in the
 * URL (search, page, size, order), so going back returns to the same page of the same search.
 */
export function ServerTable<Row>({
  label,
  columns,
  query,
  rowKey,
  searchLabel,
  filters,
  emptyText,
  testId,
  defaultOrder = null,
  paramPrefix = '',
  filterCount = 2,
  countText,
}: ServerTableProps<Row>) {
  const { t } = useTranslation();
  const { read, update } = useUrlState(paramPrefix);
  const search = (read('q') ?? '').trim();
  const pageSize = pageSizes.includes(Number(read('size'))) ? Number(read('size')) : 10;
  const page = Math.max(0, Number(read('page')) || 0);
  const sortKey = read('sort');
  const sortable = columns.filter((column) => column.sortable).map((column) => column.key);
  const order: TableRequest['order'] =
    sortKey && sortable.includes(sortKey)
      ? { column: sortKey, dir: read('dir') === 'desc' ? 'desc' : 'asc' }
      : defaultOrder;
  const result = useQuery(query({ page, pageSize, search, order }));
  const { text, setText } = useSearchText(search, (q) => update({ q, page: null }, true));

  const data = result.data;
  return (
    <Box>
      {(searchLabel || filters) && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Box
            role="search"
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                sm: filterCount > 2 ? '1fr 1fr' : undefined,
                md: `2fr repeat(${filterCount}, 1fr)`,
              },
            }}
          >
            {searchLabel && (
              <TextField
                type="search"
                size="small"
                label={searchLabel}
                value={text}
                onChange={(event) => setText(event.target.value)}
                slotProps={{
                  htmlInput: { 'data-testid': `${testId}-search`, maxLength: 200 },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Search aria-hidden="true" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            )}
            {filters}
          </Box>
        </Paper>
      )}
      {result.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => result.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {result.error.message || t('errors.generic')}
        </Alert>
      ) : !data ? (
        <Box aria-busy="true">
          <Typography sx={{ position: 'absolute', left: -9999 }} role="status">
            {t('app.loading')}
          </Typography>
          <Skeleton variant="rounded" height={240} />
        </Box>
      ) : (
        <Paper variant="outlined">
          <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            {countText
              ? countText(data)
              : t('table.count', { count: data.recordsFiltered, total: data.recordsTotal })}
          </Typography>
          <TableContainer tabIndex={0} role="region" aria-label={label}>
            <Table size="small" aria-label={label} data-testid={testId}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell
                      key={column.key}
                      sortDirection={order?.column === column.key ? order.dir : false}
                      sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                    >
                      {column.sortable ? (
                        <TableSortLabel
                          active={order?.column === column.key}
                          direction={order?.column === column.key ? order.dir : 'asc'}
                          onClick={() =>
                            update({
                              sort: column.key,
                              dir: order?.column === column.key && order.dir === 'asc' ? 'desc' : 'asc',
                              page: null,
                            })
                          }
                          data-testid={`${testId}-sort-${column.key}`}
                        >
                          {column.label}
                        </TableSortLabel>
                      ) : (
                        column.label
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody sx={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
                {data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns.length}>
                      <Typography sx={{ py: 2 }} data-testid={`${testId}-empty`}>
                        {emptyText}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {data.data.map((row) => (
                  <TableRow key={rowKey(row)} hover data-testid={`${testId}-row`}>
                    {columns.map((column) => (
                      <TableCell
                        key={column.key}
                        component={column.rowHeader ? 'th' : 'td'}
                        scope={column.rowHeader ? 'row' : undefined}
                      >
                        {column.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.recordsFiltered}
            page={Math.min(page, Math.max(0, Math.ceil(data.recordsFiltered / pageSize) - 1))}
            onPageChange={(_event, value) => update({ page: value })}
            rowsPerPage={pageSize}
            rowsPerPageOptions={pageSizes}
            onRowsPerPageChange={(event) => update({ size: Number(event.target.value), page: null })}
            labelRowsPerPage={t('table.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
            getItemAriaLabel={(type) => t(`table.goTo.${type}`)}
          />
        </Paper>
      )}
    </Box>
  );
}
