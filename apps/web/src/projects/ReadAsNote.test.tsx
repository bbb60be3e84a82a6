// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadAsNote } from './ReadAsNote.js';

afterEach(cleanup);

describe('the read-as note', () => {
  it('names each word written without its accents beside the word the translation read', () => {
    render(
      <ReadAsNote
        line={{
          read_as: [
            { written: 'vacias', read: 'vacías' },
            { written: 'conexion', read: 'conexión' },
          ],
        }}
      />,
    );
    expect(screen.getByText('Translated as vacias → vacías, conexion → conexión')).toBeTruthy();
  });

  it('says nothing on a line whose words were all read as written', () => {
    const { container } = render(<ReadAsNote line={{}} />);
    expect(container.textContent).toBe('');
  });
});
