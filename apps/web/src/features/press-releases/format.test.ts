import { describe, expect, it } from 'vitest';
import { fileTypeName, formatFileSize, fromLocalInput, today, toLocalInput } from './format.ts';

describe('file details', () => {
  it('gives sizes in readable units in the reader language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(2_400_000, 'en')).toBe('2.4 MB');
    expect(formatFileSize(15_300, 'en')).toBe('15 kB');
    expect(formatFileSize(2_400_000, 'it')).toBe('2,4 MB');
  });

  it('names file types from the media type, else from the extension', () => {
    expect(fileTypeName('application/pdf', 'kit.pdf')).toBe('PDF');
    expect(
      fileTypeName('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx'),
    ).toBe('Word');
    expect(fileTypeName('text/plain; charset=utf-8', 'notes.txt')).toBe('TXT');
    expect(fileTypeName('image/jpeg', 'photo.jpg')).toBe('JPEG');
    expect(fileTypeName('application/octet-stream', 'drawing.dwg')).toBe('DWG');
  });
});

describe('embargo times', () => {
  it('go from a local input to ISO and back', () => {
    const iso = fromLocalInput('2030-05-04T09:30');
    expect(iso).toBe(new Date(2030, 4, 4, 9, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2030-05-04T09:30');
  });

  it('are null or empty when not given or not a time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('today is the local calendar day', () => {
    expect(today(new Date(2031, 0, 9, 23, 59))).toBe('2031-01-09');
  });
});
