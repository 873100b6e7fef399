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
import { Extension } from '@tiptap/core';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cleanHtmlText, safeLink } from './clean-html.ts';

type Command = 'bold' | 'italic' | 'heading' | 'quote' | 'bulletList' | 'orderedList' | 'link' | 'unlink';

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

/** The editor's text as stored: nothing for an empty editor, else the clean markup of clean-html.ts. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : cleanHtmlText(editor.getHTML()));

/** What each toolbar button does, and whether it shows as pressed. */
const commands: Record<Command, { run: (editor: Editor) => void; active?: (editor: Editor) => boolean }> = {
  bold: { run: (editor) => editor.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  italic: {
    run: (editor) => editor.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  heading: {
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  quote: {
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  bulletList: {
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  orderedList: {
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  link: { run: () => undefined, active: (e) => e.isActive('link') },
  unlink: { run: (editor) => editor.chain().focus().extendMarkRange('link').unsetLink().run() },
};

const groups: Command[][] = [
  ['bold', 'italic', 'heading', 'quote'],
  ['bulletList', 'orderedList'],
  ['link', 'unlink'],
];
const toolbarOrder = groups.flat();

/**
 * The release editor on TipTap (ProseMirror): bold, italic, heading, quote, lists and links, with their
 * keyboard shortcuts (Ctrl+B, Ctrl+I, Ctrl+Alt+2, Ctrl+Shift+B, Ctrl+Shift+8, Ctrl+Shift+7, Ctrl+K for a
 * link). Only what the toolbar offers exists in its schema, so text pasted from Word or Google Docs keeps its
 * paragraphs, headings, lists and emphasis and loses styles, classes and fonts; the output is cleaned once
 * more (clean-html.ts) and sanitised again by the server. The toolbar is one tab stop, its buttons reached
 * with the arrow keys (WAI-ARIA toolbar pattern), in the text's direction.
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
  const emitted = useRef<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [linkError, setLinkError] = useState(false);
  const [focusedButton, setFocusedButton] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The latest callbacks, for the editor's handlers made once.
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };

  const openLinkDialog = (editor: Editor) => {
    const current = editor.getAttributes('link').href as string | undefined;
    setLinkUrl(current ?? 'https://');
    setLinkError(false);
    setLinkOpen(true);
  };
  const openLink = useRef(openLinkDialog);
  openLink.current = openLinkDialog;

  // Made once: useEditor compares its options on every render and reconfigures the editor when they differ.
  const [initialContent] = useState(value);
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        // The release body ends where the text ends: no empty paragraph kept after a list or a quote.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          defaultProtocol: 'https',
          isAllowedUri: (url) => safeLink(url),
        },
      }),
      Extension.create({
        name: 'linkShortcut',
        addKeyboardShortcuts() {
          return {
            'Mod-k': () => {
              openLink.current(this.editor);
              return true;
            },
          };
        },
      }),
    ],
    [],
  );
  const attributes = useMemo(
    () => ({
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': `${id}-label`,
      ...(error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': 'true' } : {}),
      ...(lang ? { lang } : {}),
      ...(dir ? { dir } : {}),
      ...(testId ? { 'data-testid': testId } : {}),
      id: `${id}-area`,
    }),
    [id, error, lang, dir, testId],
  );
  const editorProps = useMemo(
    () => ({
      attributes,
      // Pasted documents arrive through the same cleaner as the output: styles, classes, spans and Word's
      // and Docs' wrappers are gone before ProseMirror reads the structure.
      transformPastedHTML: (html: string) => cleanHtmlText(html),
    }),
    [attributes],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      handlers.current.onChange(html);
    },
    onBlur: () => handlers.current.onBlur?.(),
  });

  // Only a value from outside (loading, reset) is written into the editor: rewriting it while typing would
  // move the caret.
  useEffect(() => {
    if (!editor || value === emitted.current || value === htmlOf(editor)) return;
    editor.commands.setContent(value, { emitUpdate: false });
    emitted.current = value;
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(
        toolbarOrder.map((command) => [
          command,
          current ? (commands[command].active?.(current) ?? false) : false,
        ]),
      ) as Record<Command, boolean>,
  });

  const run = (command: Command) => {
    if (!editor) return;
    if (command === 'link') openLinkDialog(editor);
    else commands[command].run(editor);
  };

  const applyLink = () => {
    if (!editor) return;
    const url = linkUrl.trim();
    if (!safeLink(url) || url === 'https://') {
      setLinkError(true);
      return;
    }
    setLinkOpen(false);
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address is the link's text.
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href: url }).run();
    }
  };

  const rtl = dir === 'rtl';
  const moveFocus = (event: KeyboardEvent) => {
    const last = toolbarOrder.length - 1;
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    // From the button that has the focus (the state may trail a quick succession of keys).
    const at = buttons.current.indexOf(event.target as HTMLButtonElement);
    const current = at === -1 ? focusedButton : at;
    let next: number | null = null;
    if (step !== undefined) next = (current + step + toolbarOrder.length) % toolbarOrder.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    setFocusedButton(next);
    buttons.current[next]?.focus();
  };

  const icons: Record<Command, ReactNode> = {
    bold: <FormatBold />,
    italic: <FormatItalic />,
    heading: <Title />,
    quote: <FormatQuote />,
    bulletList: <FormatListBulleted />,
    orderedList: <FormatListNumbered />,
    link: <InsertLink />,
    unlink: <LinkOff />,
  };
  const names: Record<Command, string> = {
    bold: t('pressReleases.editor.bold'),
    italic: t('pressReleases.editor.italic'),
    heading: t('pressReleases.editor.heading'),
    quote: t('pressReleases.editor.quote'),
    bulletList: t('pressReleases.editor.bulletList'),
    orderedList: t('pressReleases.editor.numberedList'),
    link: t('pressReleases.editor.link'),
    unlink: t('pressReleases.editor.unlink'),
  };
  // Test ids of the earlier editor, kept for the journeys.
  const testIds: Record<Command, string> = {
    bold: 'bold',
    italic: 'italic',
    heading: 'heading',
    quote: 'quote',
    bulletList: 'insertUnorderedList',
    orderedList: 'insertOrderedList',
    link: 'link',
    unlink: 'unlink',
  };
  const pressable = (command: Command) => command !== 'link' && command !== 'unlink';

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
          onKeyDown={moveFocus}
          dir={dir}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.25,
            p: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {groups.map((group, groupIndex) => (
            <Fragment key={group.join()}>
              {groupIndex > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
              {group.map((command) => {
                const index = toolbarOrder.indexOf(command);
                return (
                  <Tooltip title={names[command]} key={command}>
                    <IconButton
                      ref={(element) => {
                        buttons.current[index] = element;
                      }}
                      size="small"
                      aria-label={names[command]}
                      aria-pressed={pressable(command) ? Boolean(active?.[command]) : undefined}
                      tabIndex={index === focusedButton ? 0 : -1}
                      onFocus={() => setFocusedButton(index)}
                      // Keeps the selection in the text while clicking.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => run(command)}
                      color={active?.[command] ? 'primary' : 'default'}
                      data-testid={`editor-${testIds[command]}`}
                    >
                      {icons[command]}
                    </IconButton>
                  </Tooltip>
                );
              })}
            </Fragment>
          ))}
        </Box>
        <Box
          sx={{
            '& .ProseMirror': {
              minHeight: 240,
              maxHeight: '60vh',
              overflowY: 'auto',
              p: 1.5,
              outline: 'none',
              lineHeight: 1.6,
            },
            '& p': { my: 1 },
            '& h2': { fontSize: '1.3rem', my: 1.5 },
            '& h3': { fontSize: '1.15rem', my: 1.25 },
            '& blockquote': { borderInlineStart: 4, borderColor: 'divider', m: 0, paddingInlineStart: 2 },
            '& a': { color: 'primary.main' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
      <Dialog
        open={linkOpen}
        onClose={() => {
          setLinkOpen(false);
          editor?.commands.focus();
        }}
        // The editor takes the focus back itself, at once; restoring it after the dialog's exit would move it
        // away from wherever the user went meanwhile.
        disableRestoreFocus
        aria-labelledby={`${id}-link-title`}
      >
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is portalled out of the release form in the page, not in React's tree: its submit
            // would also save (and leave) the release.
            event.stopPropagation();
            applyLink();
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
            <Button
              onClick={() => {
                setLinkOpen(false);
                editor?.commands.focus();
              }}
            >
              {t('pressReleases.admin.cancel')}
            </Button>
            <Button type="submit" variant="contained" data-testid="editor-link-apply">
              {t('pressReleases.editor.applyLink')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
