import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ProgrammeEvent } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { useSession } from '../../../lib/session.ts';
import type { Edition, EventForm } from './event-form-values.ts';
import { soleOrganiser } from './event-parts.ts';
import { exhibitorPickQuery } from './programme-api.ts';

/**
 * The event's organiser among the edition's exhibitors, found by name; chosen at once when only one can be
 * (a company's administrator with one exhibitor).
 */
export function EventExhibitorField({
  form,
  edition,
  event,
  office,
}: {
  form: UseFormReturn<EventForm>;
  edition: Edition;
  event: ProgrammeEvent | null;
  office: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [exhibitor, setExhibitor] = useState<{ id: number; company: number; name: string } | null>(
    event?.organiser.exhibitor ?? null,
  );
  const exhibitors = useQuery(exhibitorPickQuery(edition.id, search));
  // A company's administrator proposes for their own company's exhibitor only (the server checks it too).
  const exhibitorOptions = (exhibitors.data ?? []).filter(
    (option) => office || option.company === user?.company_id,
  );
  const sole = soleOrganiser(exhibitorOptions, {
    office,
    editing: event !== null,
    search,
    chosen: exhibitor,
  });
  useEffect(() => {
    if (!sole) return;
    setExhibitor(sole);
    form.setValue('exhibitor', sole.id, { shouldValidate: form.formState.isSubmitted });
  }, [sole, form]);
  return (
    <Controller
      control={form.control}
      name="exhibitor"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={exhibitorOptions}
          value={exhibitor}
          onChange={(_event, value) => {
            setExhibitor(value);
            field.onChange(value?.id ?? null);
          }}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input') setSearch(value);
          }}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(options) => options}
          loading={exhibitors.isFetching}
          loadingText={t('app.loading')}
          noOptionsText={t('programmeAdmin.form.noExhibitor')}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              required={!office}
              size="small"
              label={
                office
                  ? `${t('programmeAdmin.form.exhibitor')} (${t('app.optional')})`
                  : t('programmeAdmin.form.exhibitor')
              }
              error={Boolean(fieldState.error)}
              helperText={
                translateMessage(fieldState.error?.message) ??
                (office ? t('programmeAdmin.form.exhibitorHelp') : undefined)
              }
            />
          )}
          data-testid="event-form-exhibitor"
        />
      )}
    />
  );
}
