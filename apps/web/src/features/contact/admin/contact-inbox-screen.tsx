import MailOutline from '@mui/icons-material/MailOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Reply from '@mui/icons-material/Reply';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { type ParamChanges, useSearchText, useUrlState } from '../../../lib/url-state.ts';
import {
  type ContactMessage,
  inboxPageSize,
  inboxQuery,
  markRead,
  messageQuery,
  replyLink,
  unreadCountQuery,
} from './api.ts';

/** Keeps a name or an address in its own direction inside a sentence of the other (Arabic, Hebrew). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The press office's inbox of contact messages: unread first, read one (it is marked read), reply by e-mail. */
export default function ContactInboxScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.permissions.includes('contact.read_inbox')) {
    return (
      <Page title={t('contactInbox.title')}>
        <Alert severity="warning">{t('contactInbox.notAllowed')}</Alert>
      </Page>
    );
  }
  return <ContactInbox />;
}

function useDateFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

function ContactInbox() {
  const { t } = useTranslation();
  const { params, update: updateParams } = useUrlState();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const search = (params.get('q') ?? '').trim();
  const selected = Number(params.get('message')) || null;
  const inbox = useQuery(inboxQuery(page, search));
  const unread = useQuery(unreadCountQuery);
  const formatDate = useDateFormat();
  const reader = useRef<HTMLDivElement | null>(null);

  // Reading, searching and paging replace the entry: the back button leaves the inbox.
  const update = (changes: ParamChanges) => updateParams(changes, true);
  const { text, setText } = useSearchText(search, (q) => update({ q, page: null }));

  const open = (message: ContactMessage) => {
    update({ message: message.id });
    // On a phone the message shows below the list: bring it into view and give it the focus.
    requestAnimationFrame(() => reader.current?.focus());
  };

  return (
    <Page
      title={t('contactInbox.title')}
      actions={
        unread.data !== undefined && (
          <Chip
            color={unread.data > 0 ? 'primary' : 'default'}
            icon={<MailOutline />}
            label={t('contactInbox.unreadCount', { count: unread.data })}
            data-testid="unread-count"
          />
        )
      }
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined">
            <Box role="search" sx={{ p: 2 }}>
              <TextField
                type="search"
                size="small"
                fullWidth
                label={t('contactInbox.search')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                slotProps={{
                  htmlInput: { maxLength: 200, 'data-testid': 'inbox-search' },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Search aria-hidden="true" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Box>
            {inbox.isError ? (
              <Alert severity="error" sx={{ m: 2 }}>
                {apiErrorMessage(inbox.error, t('contactInbox.loadError'))}
              </Alert>
            ) : !inbox.data ? (
              <Skeleton variant="rectangular" height={320} />
            ) : inbox.data.recordsFiltered === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary" role="status">
                {search ? t('contactInbox.noMatch', { search }) : t('contactInbox.empty')}
              </Typography>
            ) : (
              <>
                <List disablePadding aria-label={t('contactInbox.listLabel')} data-testid="inbox-list">
                  {inbox.data.data.map((message) => {
                    const isUnread = message.read_at === null;
                    return (
                      <ListItem key={message.id} disablePadding divider>
                        <ListItemButton
                          selected={message.id === selected}
                          onClick={() => open(message)}
                          aria-current={message.id === selected ? 'true' : undefined}
                          data-testid="inbox-message"
                          data-unread={isUnread}
                          sx={{ display: 'block', py: 1.25 }}
                        >
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                            <Typography
                              component="span"
                              sx={{ flexGrow: 1, minWidth: 0, fontWeight: isUnread ? 700 : 400 }}
                              noWrap
                              dir="auto"
                            >
                              {message.sender_name}
                            </Typography>
                            <Typography
                              component="span"
                              variant="caption"
                              color="text.secondary"
                              sx={{ flexShrink: 0 }}
                            >
                              {formatDate(message.created_at)}
                            </Typography>
                          </Stack>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            {isUnread && (
                              <Chip
                                size="small"
                                color="primary"
                                label={t('contactInbox.unread')}
                                sx={{ height: 20 }}
                              />
                            )}
                            <Typography
                              component="span"
                              variant="body2"
                              noWrap
                              sx={{ fontWeight: isUnread ? 600 : 400, minWidth: 0 }}
                              dir="auto"
                              data-testid="inbox-subject"
                            >
                              {message.subject}
                            </Typography>
                          </Stack>
                          <Typography
                            component="span"
                            variant="body2"
                            color="text.secondary"
                            noWrap
                            sx={{ display: 'block' }}
                            dir="auto"
                          >
                            {message.message}
                          </Typography>
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
                <TablePagination
                  component="div"
                  count={inbox.data.recordsFiltered}
                  page={page}
                  rowsPerPage={inboxPageSize}
                  rowsPerPageOptions={[inboxPageSize]}
                  onPageChange={(_, next) => update({ page: next })}
                  labelDisplayedRows={({ from, to, count }) => t('contactInbox.rows', { from, to, count })}
                  getItemAriaLabel={(type) => t(`contactInbox.page.${type}`)}
                />
              </>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box ref={reader} tabIndex={-1} sx={{ outline: 'none' }}>
            {selected === null ? (
              <Typography color="text.secondary">{t('contactInbox.choose')}</Typography>
            ) : (
              <MessageReader key={selected} id={selected} onClose={() => update({ message: null })} />
            )}
          </Box>
        </Grid>
      </Grid>
    </Page>
  );
}

function MessageReader({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useQuery(messageQuery(id));
  const formatDate = useDateFormat();
  const [busy, setBusy] = useState(false);
  const marked = useRef(false);

  const setRead = async (read: boolean) => {
    const updated = await markRead(id, read);
    queryClient.setQueryData(messageQuery(id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: ['contact-inbox'] });
  };

  // Reading a message marks it read (once; "mark as unread" then stays as the user chose).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the message arrives
  useEffect(() => {
    if (!message.data || message.data.read_at !== null || marked.current) return;
    marked.current = true;
    setRead(true).catch((error) => notify.error(apiErrorMessage(error)));
  }, [message.data]);

  if (message.isError) return <Alert severity="error">{apiErrorMessage(message.error)}</Alert>;
  if (!message.data) return <Skeleton variant="rounded" height={240} />;
  const data = message.data;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby="message-subject"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="message-reader"
    >
      <Typography
        id="message-subject"
        variant="h2"
        sx={{ fontSize: '1.3rem', mb: 1, overflowWrap: 'anywhere' }}
        dir="auto"
      >
        {data.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('contactInbox.from', { name: isolate(data.sender_name), email: isolate(data.sender_email) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('contactInbox.received', { date: formatDate(data.created_at) })}
        {data.read_at && ` · ${t('contactInbox.readOn', { date: formatDate(data.read_at) })}`}
      </Typography>
      <Typography
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 3 }}
        dir="auto"
        lang={data.language}
      >
        {data.message}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<Reply />}
          href={replyLink(data, t('contactInbox.quoteIntro', { name: data.sender_name }))}
          data-testid="reply-link"
        >
          {t('contactInbox.reply')}
        </Button>
        {data.read_at !== null && (
          <Button
            startIcon={<MarkEmailUnreadOutlined />}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await setRead(false);
                notify.success(t('contactInbox.markedUnread'));
                onClose();
              } catch (error) {
                notify.error(apiErrorMessage(error));
              } finally {
                setBusy(false);
              }
            }}
            data-testid="mark-unread"
          >
            {t('contactInbox.markUnread')}
          </Button>
        )}
        <Button onClick={onClose}>{t('contactInbox.close')}</Button>
      </Stack>
    </Paper>
  );
}
