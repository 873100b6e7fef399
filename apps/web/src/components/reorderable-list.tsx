import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** A back office's list kept in an order the office chooses (press contacts, a press box's, the press kit). */
export function ReorderableList({
  component,
  testId,
  children,
}: {
  /** `ol` where the order is what the readers see, `ul` otherwise. */
  component: 'ol' | 'ul';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack component={component} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** A button's tooltip and its accessible name (the tooltip with the row's name in it). */
export interface RowActionLabel {
  title: string;
  named: string;
  testId?: string;
}

/**
 * One row of a `ReorderableList`: what it leads with (a photo, a number), what it shows, and its buttons: move
 * up and down, edit, upload (a file chosen is handed over once), remove the upload when there is one, delete.
 * Every button waits while `busy`; the first row cannot move up nor the last down.
 */
export function ReorderableRow({
  testId,
  leading,
  children,
  busy,
  first,
  last,
  onMove,
  edit,
  onEdit,
  upload,
  uploadIcon,
  accept,
  onUpload,
  removeUpload,
  removeUploadIcon,
  onRemoveUpload,
  remove,
  onRemove,
  moveUp,
  moveDown,
}: {
  testId: string;
  leading: ReactNode;
  children: ReactNode;
  busy: boolean;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  moveUp: RowActionLabel;
  moveDown: RowActionLabel;
  edit: RowActionLabel;
  onEdit: () => void;
  upload: RowActionLabel;
  uploadIcon: ReactNode;
  accept?: string;
  onUpload: (file: File) => void;
  /** Shown only when given: the row has an upload to take back. */
  removeUpload?: RowActionLabel;
  removeUploadIcon?: ReactNode;
  onRemoveUpload?: () => void;
  remove: RowActionLabel;
  onRemove: () => void;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={testId}
      sx={{
        p: 1.5,
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'auto minmax(0, 1fr) auto' },
      }}
    >
      {leading}
      {children}
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ flexWrap: 'wrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        <Tooltip title={moveUp.title}>
          <span>
            <IconButton
              aria-label={moveUp.named}
              disabled={busy || first}
              onClick={() => onMove(-1)}
              data-testid={moveUp.testId}
            >
              <ArrowUpward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={moveDown.title}>
          <span>
            <IconButton
              aria-label={moveDown.named}
              disabled={busy || last}
              onClick={() => onMove(1)}
              data-testid={moveDown.testId}
            >
              <ArrowDownward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={edit.title}>
          <IconButton aria-label={edit.named} disabled={busy} onClick={onEdit} data-testid={edit.testId}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={upload.title}>
          <IconButton component="label" aria-label={upload.named} disabled={busy}>
            {uploadIcon}
            <input
              type="file"
              accept={accept}
              hidden
              data-testid={upload.testId}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onUpload(file);
              }}
            />
          </IconButton>
        </Tooltip>
        {removeUpload && (
          <Tooltip title={removeUpload.title}>
            <IconButton
              aria-label={removeUpload.named}
              disabled={busy}
              onClick={onRemoveUpload}
              data-testid={removeUpload.testId}
            >
              {removeUploadIcon}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={remove.title}>
          <IconButton
            color="error"
            aria-label={remove.named}
            disabled={busy}
            onClick={onRemove}
            data-testid={remove.testId}
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
