import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyImport } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An Access file's table to read. */
export function TableStep({
  record,
  table,
  onChange,
  onNext,
}: {
  record: CompanyImport;
  table: string | null;
  onChange: (table: string) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  return (
    <Stack spacing={2}>
      <FormControl error={missing}>
        <FormLabel id="import-table-label">{t('backOffice.imports.chooseTable')}</FormLabel>
        <RadioGroup
          aria-labelledby="import-table-label"
          value={table ?? ''}
          onChange={(event) => {
            onChange(event.target.value);
            setMissing(false);
          }}
          data-testid="import-tables"
        >
          {record.tables.map((name) => (
            <FormControlLabel key={name} value={name} control={<Radio />} label={name} />
          ))}
        </RadioGroup>
        {missing && <Typography color="error">{t('messages.importTableMissing')}</Typography>}
      </FormControl>
      <Box>
        <Button
          variant="contained"
          onClick={() => (table ? onNext() : setMissing(true))}
          data-testid="table-next"
        >
          {t('backOffice.imports.next')}
        </Button>
      </Box>
    </Stack>
  );
}
