import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ChevronRight from '@mui/icons-material/ChevronRight';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ListboxState,
  listboxClick,
  listboxKey,
  moveItems,
  reconcile,
  type Side,
  sideItems,
  type TransferItem,
} from './list-transfer-model.ts';
import { visuallyHidden } from './visually-hidden.tsx';

const emptyState: ListboxState = { active: null, selected: new Set(), anchor: null };

export interface ListTransferProps {
  /** Every item, in the order both lists show them. */
  items: readonly TransferItem[];
  /** Ids of the assigned items. */
  assigned: readonly string[];
  onChange: (assigned: string[]) => void;
  availableLabel?: string;
  assignedLabel?: string;
  /** Prefix of the data-testid of the parts (`<testId>-available`, `<testId>-move-selected-assigned` ...). */
  testId?: string;
  disabled?: boolean;
}

/**
 * Moves items between an available and an assigned list (company brands, user permissions). Each list is a
 * multi-select listbox operable by keyboard (WAI-ARIA listbox pattern) with its own filter; the four buttons
 * move the selected or all shown items either way; each move is announced in a live region. An empty side
 * says 'Nessun Elemento' (translated).
 */
export function ListTransfer({
  items,
  assigned,
  onChange,
  availableLabel,
  assignedLabel,
  testId = 'transfer',
  disabled = false,
}: ListTransferProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [filters, setFilters] = useState<Record<Side, string>>({ available: '', assigned: '' });
  const [states, setStates] = useState<Record<Side, ListboxState>>({
    available: emptyState,
    assigned: emptyState,
  });
  const [announcement, setAnnouncement] = useState('');
  const assignedSet = useMemo(() => new Set(assigned), [assigned]);
  const labels: Record<Side, string> = {
    available: availableLabel ?? t('listTransfer.available'),
    assigned: assignedLabel ?? t('listTransfer.assigned'),
  };
  const visible: Record<Side, TransferItem[]> = {
    available: sideItems(items, assignedSet, 'available', filters.available),
    assigned: sideItems(items, assignedSet, 'assigned', filters.assigned),
  };
  const visibleIds = {
    available: visible.available.map((item) => item.id),
    assigned: visible.assigned.map((item) => item.id),
  };
  const previousIds = useRef(visibleIds);

  // Items leave a side when moved or filtered out: selection and focus follow what is shown.
  const availableKey = visibleIds.available.join('\u0000');
  const assignedKey = visibleIds.assigned.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids stand for the shown lists
  useEffect(() => {
    setStates((current) => {
      const available = reconcile(current.available, visibleIds.available, previousIds.current.available);
      const assignedState = reconcile(current.assigned, visibleIds.assigned, previousIds.current.assigned);
      previousIds.current = visibleIds;
      return available === current.available && assignedState === current.assigned
        ? current
        : { available, assigned: assignedState };
    });
  }, [availableKey, assignedKey]);

  const other = (side: Side): Side => (side === 'available' ? 'assigned' : 'available');

  function move(from: Side, all: boolean) {
    if (disabled) return;
    const target = other(from);
    const ids = all ? visibleIds[from] : visibleIds[from].filter((id) => states[from].selected.has(id));
    if (ids.length === 0) {
      setAnnouncement(t(all ? 'listTransfer.nothingToMove' : 'listTransfer.nothingSelected'));
      return;
    }
    onChange(moveItems(items, assigned, ids, target));
    setStates((current) => ({ ...current, [from]: { ...current[from], selected: new Set() } }));
    setAnnouncement(
      ids.length === 1
        ? t('listTransfer.movedOne', { list: labels[target] })
        : t('listTransfer.movedMany', { count: ids.length, list: labels[target] }),
    );
  }

  function onKeyDown(side: Side, event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      move(side, false);
      return;
    }
    const next = listboxKey(states[side], visibleIds[side], {
      key: event.key,
      shift: event.shiftKey,
      control: event.ctrlKey || event.metaKey,
    });
    if (!next) return;
    event.preventDefault();
    setStates((current) => ({ ...current, [side]: next }));
  }

  const optionId = (side: Side, id: string) => `${baseId}-${side}-option-${id}`;

  // The focused option stays in view while moving through a long list (only while its list has the focus, so
  // that nothing else on the page makes it jump).
  const activeAvailable = states.available.active;
  const activeAssigned = states.assigned.active;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an active option changes
  useEffect(() => {
    for (const [side, active] of [
      ['available', activeAvailable],
      ['assigned', activeAssigned],
    ] as const) {
      const option = active === null ? null : document.getElementById(optionId(side, active));
      if (option && option.parentElement === document.activeElement)
        option.scrollIntoView?.({ block: 'nearest' });
    }
  }, [activeAvailable, activeAssigned]);

  const renderSide = (side: Side) => {
    const state = states[side];
    const labelId = `${baseId}-${side}-label`;
    const emptyId = `${baseId}-${side}-empty`;
    const hintId = `${baseId}-hint`;
    const shown = visible[side];
    const total = side === 'assigned' ? assignedSet.size : items.length - assignedSet.size;
    return (
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={labelId} component="div" sx={{ fontWeight: 600 }}>
          {labels[side]}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({total})
          </Typography>
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('listTransfer.filter', { list: labels[side] })}
          value={filters[side]}
          onChange={(event) => setFilters((current) => ({ ...current, [side]: event.target.value }))}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-${side}-filter`, maxLength: 100 } }}
          fullWidth
        />
        <Box
          sx={{
            position: 'relative',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            height: 240,
            overflowY: 'auto',
            bgcolor: 'background.paper',
            '&:focus-within': {
              borderColor: 'primary.main',
              boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
            },
          }}
        >
          <Box
            component="ul"
            role="listbox"
            aria-multiselectable="true"
            aria-labelledby={labelId}
            aria-describedby={shown.length === 0 ? `${emptyId} ${hintId}` : hintId}
            aria-activedescendant={state.active !== null ? optionId(side, state.active) : undefined}
            aria-disabled={disabled || undefined}
            tabIndex={0}
            data-testid={`${testId}-${side}`}
            onKeyDown={(event: KeyboardEvent<HTMLElement>) => onKeyDown(side, event)}
            onFocus={() => {
              // Focus lands on the first option when none is focused yet (APG: no option is selected on focus).
              if (states[side].active === null && visibleIds[side].length > 0) {
                setStates((current) => ({
                  ...current,
                  [side]: { ...current[side], active: visibleIds[side][0], anchor: visibleIds[side][0] },
                }));
              }
            }}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0.5,
              minHeight: '100%',
              outline: 'none',
              '&:focus-visible [data-active="true"]': {
                outline: 2,
                outlineColor: 'primary.main',
                outlineOffset: -2,
              },
            }}
          >
            {shown.map((item) => {
              const selected = state.selected.has(item.id);
              const Icon = selected ? CheckBox : CheckBoxOutlineBlank;
              return (
                <Box
                  component="li"
                  key={item.id}
                  id={optionId(side, item.id)}
                  role="option"
                  aria-selected={selected}
                  data-active={state.active === item.id}
                  data-testid={`${testId}-${side}-option`}
                  onClick={(event) => {
                    const next = listboxClick(states[side], visibleIds[side], item.id, event.shiftKey);
                    setStates((current) => ({ ...current, [side]: next }));
                  }}
                  onDoubleClick={() => {
                    if (disabled) return;
                    onChange(moveItems(items, assigned, [item.id], other(side)));
                    setAnnouncement(t('listTransfer.movedOne', { list: labels[other(side)] }));
                  }}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    px: 1,
                    py: 0.75,
                    borderRadius: 1,
                    cursor: 'pointer',
                    userSelect: 'none',
                    bgcolor: selected ? 'action.selected' : undefined,
                    '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
                    '&[data-active="true"]': {
                      outline: '1px dashed',
                      outlineColor: 'text.secondary',
                      outlineOffset: -1,
                    },
                  }}
                >
                  <Icon fontSize="small" color={selected ? 'primary' : 'action'} aria-hidden="true" />
                  <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {item.label}
                  </Typography>
                </Box>
              );
            })}
          </Box>
          {shown.length === 0 && (
            <Typography
              id={emptyId}
              color="text.secondary"
              data-testid={`${testId}-${side}-empty`}
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                pointerEvents: 'none',
              }}
            >
              {t('listTransfer.empty')}
            </Typography>
          )}
        </Box>
      </Box>
    );
  };

  return (
    <Box data-testid={testId}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto minmax(0, 1fr)' },
          alignItems: 'center',
        }}
      >
        {renderSide('available')}
        <TransferButtons
          labels={labels}
          onMove={move}
          canMove={{
            availableSelected: !disabled && states.available.selected.size > 0,
            availableAll: !disabled && visibleIds.available.length > 0,
            assignedSelected: !disabled && states.assigned.selected.size > 0,
            assignedAll: !disabled && visibleIds.assigned.length > 0,
          }}
          testId={testId}
        />
        {renderSide('assigned')}
      </Box>
      <Typography id={`${baseId}-hint`} variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('listTransfer.hint')}
      </Typography>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid={`${testId}-announcement`}>
        {announcement}
      </Box>
    </Box>
  );
}

function TransferButtons({
  labels,
  onMove,
  canMove,
  testId,
}: {
  labels: Record<Side, string>;
  onMove: (from: Side, all: boolean) => void;
  canMove: {
    availableSelected: boolean;
    availableAll: boolean;
    assignedSelected: boolean;
    assignedAll: boolean;
  };
  testId: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  // Right points to Assigned beside it (left in right-to-left); down when the lists are stacked.
  const toAssigned = { transform: { xs: 'rotate(90deg)', md: rtl ? 'scaleX(-1)' : 'none' } };
  const toAvailable = { transform: { xs: 'rotate(-90deg)', md: rtl ? 'none' : 'scaleX(-1)' } };
  const buttons = [
    {
      key: 'move-selected-assigned',
      label: t('listTransfer.moveSelected', { list: labels.assigned }),
      Icon: ChevronRight,
      sx: toAssigned,
      enabled: canMove.availableSelected,
      run: () => onMove('available', false),
    },
    {
      key: 'move-all-assigned',
      label: t('listTransfer.moveAll', { list: labels.assigned }),
      Icon: KeyboardDoubleArrowRight,
      sx: toAssigned,
      enabled: canMove.availableAll,
      run: () => onMove('available', true),
    },
    {
      key: 'move-selected-available',
      label: t('listTransfer.moveSelected', { list: labels.available }),
      Icon: ChevronRight,
      sx: toAvailable,
      enabled: canMove.assignedSelected,
      run: () => onMove('assigned', false),
    },
    {
      key: 'move-all-available',
      label: t('listTransfer.moveAll', { list: labels.available }),
      Icon: KeyboardDoubleArrowRight,
      sx: toAvailable,
      enabled: canMove.assignedAll,
      run: () => onMove('assigned', true),
    },
  ];
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'row', md: 'column' },
        justifyContent: 'center',
        gap: 1,
        pt: { md: 7 },
      }}
    >
      {buttons.map(({ key, label, Icon, sx, enabled, run }) => (
        <Button
          key={key}
          variant="outlined"
          // aria-disabled, not disabled: a button that just moved everything keeps the keyboard focus.
          aria-disabled={!enabled || undefined}
          aria-label={label}
          title={label}
          data-testid={`${testId}-${key}`}
          // Nothing to move is said in the live region rather than silently ignored.
          onClick={run}
          // A steady outline instead of the pulsating focus ripple, which never stops while the button has focus.
          disableFocusRipple
          sx={{
            minWidth: 48,
            minHeight: 40,
            px: 1,
            '&.Mui-focusVisible': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: '2px',
            },
            ...(!enabled && { opacity: 0.5 }),
          }}
        >
          <Icon aria-hidden="true" sx={sx} />
        </Button>
      ))}
    </Box>
  );
}
