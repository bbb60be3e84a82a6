// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SayAsPreview } from './SayAsPreview.js';

afterEach(cleanup);

describe('the say-as preview', () => {
  it('plays the word from the preview route with the glossary, in the chosen language', () => {
    render(<SayAsPreview glossaryId="0123456789abcdef" />);
    const hear = screen.getByRole<HTMLButtonElement>('button', { name: 'Hear it as the voice says it' });
    expect(hear.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Hear it in'), { target: { value: 'spa' } });
    fireEvent.change(screen.getByLabelText('Word or line'), { target: { value: ' SQL Server ' } });
    fireEvent.click(hear);
    expect(screen.getByLabelText('How the voice says it').getAttribute('src')).toBe(
      '/api/speech-preview?language=spa&text=SQL+Server&glossary_id=0123456789abcdef',
    );
  });
});
