import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { Box, IconButton, Link, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Attachment } from '../../../../resources/schema';
import { fetchFile, formatSize, isImage, openFile } from './files';

/** A file that cannot be fetched shows this, verbatim (docs/spa.md#errors-and-toasts). */
const NotAvailable = () => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate('attachments.notAvailable')}
    </Typography>
  );
};

/** An image's preview: fetched with the bearer token, shown through an object URL, 'n.d' when it fails. */
const Thumbnail = ({ file, onFailed }: { file: Attachment; onFailed: () => void }) => {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | undefined;
    fetchFile(file, true, abort.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => {
        if (!abort.signal.aborted) onFailed();
      },
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // One fetch per file: the callback changing identity is no reason to fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.driverUid, file.name]);
  return (
    <Box sx={{ width: 40, height: 40, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden', display: 'flex' }}>
      {url && <img src={url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
    </Box>
  );
};

const FileRow = ({ file, onRemove }: { file: Attachment; onRemove?: () => void }) => {
  const translate = useTranslate();
  const [locale = 'it'] = useLocaleState();
  const [failed, setFailed] = useState(false);
  const open = () => openFile(file).catch(() => setFailed(true));
  return (
    <ListItem
      disableGutters
      secondaryAction={
        onRemove && (
          <IconButton
            edge="end"
            aria-label={translate('attachments.remove', { name: file.fileName })}
            onClick={onRemove}
          >
            <DeleteIcon />
          </IconButton>
        )
      }
    >
      <ListItemAvatar sx={{ minWidth: 52 }}>
        {isImage(file.mimeType) && !failed ? (
          <Thumbnail file={file} onFailed={() => setFailed(true)} />
        ) : (
          <InsertDriveFileIcon color="action" sx={{ fontSize: 40 }} />
        )}
      </ListItemAvatar>
      <ListItemText
        primary={
          failed ? (
            <>
              {file.fileName} <NotAvailable />
            </>
          ) : (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={open}
              aria-label={translate('attachments.open', { name: file.fileName })}
              sx={{ textAlign: 'left', wordBreak: 'break-all' }}
            >
              {file.fileName}
            </Link>
          )
        }
        secondary={formatSize(file.size, locale)}
      />
    </ListItem>
  );
};

/** The files of a record, each opened or saved on click; with `onRemove`, each can be taken off the list. */
export default function AttachmentList({
  files,
  onRemove,
}: {
  files: readonly Attachment[];
  onRemove?: (file: Attachment) => void;
}) {
  const translate = useTranslate();
  if (files.length === 0 && !onRemove)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('attachments.empty')}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {files.map((file) => (
        <FileRow key={file.name} file={file} onRemove={onRemove && (() => onRemove(file))} />
      ))}
    </List>
  );
}
