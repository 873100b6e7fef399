import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';

/** A calendar address to copy into a calendar app: read-only, selectable, with a copy button. */
export function FeedAddress({
  label,
  address,
  testId,
  inputRef,
}: {
  label: string;
  address: string;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      notify.success(t('programme.event.copied'));
    } catch {
      // Without the clipboard (an insecure page, a refusal) the field stays there to select by hand.
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        inputRef={inputRef}
        label={label}
        value={address}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': testId, spellCheck: false },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Tooltip title={t('programme.event.copy')}>
        <IconButton aria-label={t('programme.event.copyNamed', { name: label })} onClick={copy}>
          <ContentCopy />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
