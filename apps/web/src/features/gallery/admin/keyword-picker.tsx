import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { imageKeywordLimits } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';

/**
 * An image's keywords, typed freely (Enter, or leaving the field, adds one): those the photographer wrote
 * into the file are there from the upload. Each is kept once, whatever its case.
 */
export function KeywordPicker({
  value,
  onChange,
  testId,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const distinct = (keywords: string[]) => {
    const seen = new Set<string>();
    return keywords
      .map((keyword) => keyword.trim())
      .filter((keyword) => {
        const key = keyword.toLocaleLowerCase();
        if (keyword.length === 0 || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, imageKeywordLimits.count);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[] as string[]}
      value={value}
      onChange={(_event, next) => onChange(distinct(next))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('galleryAdmin.keywords')}
          helperText={t('galleryAdmin.keywordsHint')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              maxLength: imageKeywordLimits.length,
              'data-testid': testId,
            },
          }}
        />
      )}
    />
  );
}
