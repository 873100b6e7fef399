import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Title from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanHtml, cleanHtmlText, safeLink } from './clean-html.ts';

type Command =
  | 'bold'
  | 'italic'
  | 'heading'
  | 'quote'
  | 'insertUnorderedList'
  | 'insertOrderedList'
  | 'link'
  | 'unlink';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  testId?: string;
}

/**
 * A light rich-text editor on a contentEditable area: bold, italic, heading, quote, lists and links, with a
 * clean HTML output (clean-html.ts). Keyboard shortcuts of the browser (Ctrl+B, Ctrl+I) work too; pasted
 * documents keep their structure and lose their styles.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  lang,
  dir,
  testId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [linkError, setLinkError] = useState(false);

  // Only a value from outside (loading, reset) is written into the area: rewriting it while typing would
  // move the caret.
  useEffect(() => {
    if (!area.current || value === emitted.current) return;
    area.current.innerHTML = value;
    emitted.current = value;
  }, [value]);

  const emit = () => {
    if (!area.current) return;
    const html = cleanHtml(area.current);
    emitted.current = html;
    onChange(html);
  };

  const refreshState = () => {
    const inArea = area.current?.contains(document.getSelection()?.anchorNode ?? null);
    if (!inArea) return;
    setActive({
      bold: document.queryCommandState('bold'),
      italic: document.queryCommandState('italic'),
      insertUnorderedList: document.queryCommandState('insertUnorderedList'),
      insertOrderedList: document.queryCommandState('insertOrderedList'),
    });
  };

  useEffect(() => {
    document.addEventListener('selectionchange', refreshState);
    return () => document.removeEventListener('selectionchange', refreshState);
  });

  const run = (command: Command) => {
    area.current?.focus();
    // Markup, not inline styles.
    document.execCommand('styleWithCSS', false, 'false');
    if (command === 'heading') {
      const block = document.queryCommandValue('formatBlock').toLowerCase();
      document.execCommand('formatBlock', false, block === 'h2' ? 'p' : 'h2');
    } else if (command === 'quote') {
      const block = document.queryCommandValue('formatBlock').toLowerCase();
      document.execCommand('formatBlock', false, block === 'blockquote' ? 'p' : 'blockquote');
    } else if (command === 'link') {
      const selection = document.getSelection();
      savedRange.current =
        selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
      setLinkUrl('https://');
      setLinkError(false);
      setLinkOpen(true);
      return;
    } else {
      document.execCommand(command);
    }
    emit();
    refreshState();
  };

  const insertLink = () => {
    const url = linkUrl.trim();
    if (!safeLink(url) || url === 'https://') {
      setLinkError(true);
      return;
    }
    setLinkOpen(false);
    area.current?.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection?.isCollapsed) document.execCommand('insertText', false, url);
    if (selection?.isCollapsed) {
      // The typed address is the link's text: select it back to link it.
      const range = selection.getRangeAt(0);
      range.setStart(range.endContainer, Math.max(0, range.endOffset - url.length));
      selection.removeAllRanges();
      selection.addRange(range);
    }
    document.execCommand('createLink', false, url);
    emit();
  };

  const button = (command: Command, icon: ReactNode, name: string, pressable = true) => (
    <Tooltip title={name} key={command}>
      <IconButton
        size="small"
        aria-label={name}
        aria-pressed={pressable ? Boolean(active[command]) : undefined}
        // Keeps the selection in the text while clicking.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run(command)}
        color={active[command] ? 'primary' : 'default'}
        data-testid={`editor-${command}`}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box>
      <Typography
        id={`${id}-label`}
        component="div"
        variant="body2"
        color={error ? 'error' : 'text.secondary'}
        sx={{ mb: 0.5 }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        <Box
          role="toolbar"
          aria-label={t('pressReleases.editor.toolbar')}
          aria-controls={`${id}-area`}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.25,
            p: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {button('bold', <FormatBold />, t('pressReleases.editor.bold'))}
          {button('italic', <FormatItalic />, t('pressReleases.editor.italic'))}
          {button('heading', <Title />, t('pressReleases.editor.heading'), false)}
          {button('quote', <FormatQuote />, t('pressReleases.editor.quote'), false)}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          {button('insertUnorderedList', <FormatListBulleted />, t('pressReleases.editor.bulletList'))}
          {button('insertOrderedList', <FormatListNumbered />, t('pressReleases.editor.numberedList'))}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          {button('link', <InsertLink />, t('pressReleases.editor.link'), false)}
          {button('unlink', <LinkOff />, t('pressReleases.editor.unlink'), false)}
        </Box>
        <Box
          id={`${id}-area`}
          ref={area}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          lang={lang}
          dir={dir}
          tabIndex={0}
          onInput={emit}
          onBlur={() => {
            emit();
            onBlur?.();
          }}
          onPaste={(event) => {
            const html = event.clipboardData.getData('text/html');
            if (!html) return;
            event.preventDefault();
            document.execCommand('insertHTML', false, cleanHtmlText(html));
            emit();
          }}
          data-testid={testId}
          sx={{
            minHeight: 240,
            maxHeight: '60vh',
            overflowY: 'auto',
            p: 1.5,
            outline: 'none',
            lineHeight: 1.6,
            '& p': { my: 1 },
            '& h2': { fontSize: '1.3rem', my: 1.5 },
            '& blockquote': { borderInlineStart: 4, borderColor: 'divider', m: 0, ps: 2 },
            '& a': { color: 'primary.main' },
          }}
        />
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
      <Dialog open={linkOpen} onClose={() => setLinkOpen(false)} aria-labelledby={`${id}-link-title`}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            insertLink();
          }}
        >
          <DialogTitle id={`${id}-link-title`}>{t('pressReleases.editor.link')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              type="url"
              label={t('pressReleases.editor.linkAddress')}
              value={linkUrl}
              onChange={(event) => {
                setLinkUrl(event.target.value);
                setLinkError(false);
              }}
              error={linkError}
              helperText={linkError ? t('pressReleases.editor.linkInvalid') : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'editor-link-url' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setLinkOpen(false)}>{t('pressReleases.admin.cancel')}</Button>
            <Button type="submit" variant="contained" data-testid="editor-link-apply">
              {t('pressReleases.editor.applyLink')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
