import { Link, useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { OriginalPanel } from '../components/OriginalPanel.js';
import type { SourceTab } from '../components/SourceTabs.js';
import { SelectionStage } from '../components/SelectionStage.js';
import { SettingsCard } from '../components/SettingsCard.js';
import { TranscriptsCard } from '../components/TranscriptsCard.js';
import { TranslatedPanel } from '../components/TranslatedPanel.js';
import { ProjectEditor } from '../projects/ProjectEditor.js';
import { RecentProjects } from '../projects/RecentProjects.js';
import { EarlierWorkNote } from '../components/EarlierWorkNote.js';
import { SourceOptions } from '../components/SourceOptions.js';
import { useGlossaries } from '../lib/glossary-api.js';
import { useSavedVoices } from '../projects/use-saved-voices.js';
import { useLanguageSupport } from '../lib/language-support.js';
import { usePageTitle } from '../lib/page-title.js';
import { languageInfo } from '../lib/languages.js';
import { studioHeading } from '../studio/studio-state.js';
import { useFocusOnChange } from '../studio/use-focus-on-change.js';
import { useStudio } from '../studio/use-studio.js';

/** Creator Studio: choose a type, load a file or link, pick a language, translate. */
export function StudioPage() {
  const support = useLanguageSupport();
  const navigate = useNavigate();
  const studio = useStudio(support, (group) => void navigate(`/creator-studio/groups/${group}`));
  const { state, dispatch, chooseType, reset, chooseFile, translate, translateFromUrl } = studio;
  const heading = useFocusOnChange(state.stage);
  usePageTitle(state.stage === 'selection' ? 'Creator Studio' : studioHeading(state.stage));
  const [tab, setTab] = useState<SourceTab>('upload');
  const glossaries = useGlossaries();
  const { voices: savedVoices } = useSavedVoices();
  if (state.stage === 'selection') {
    return (
      <>
        <SelectionStage onChoose={chooseType} headingRef={heading} />
        <div className="studio">
          <EarlierWorkNote />
          <RecentProjects />
          <p className="memory-link">
            <Link to="/creator-studio/glossaries">Glossaries</Link>: names and terms translated the same way in every
            dub. <Link to="/creator-studio/memory">Translation memory</Link>: the lines you corrected, which later dubs
            translate your way. <Link to="/creator-studio/voices">Voice library</Link>: speakers’ voices saved from your
            dubs, to speak them the same way every time. <Link to="/creator-studio/usage">Usage</Link>: your plan, and
            the minutes and languages dubbed this month.
          </p>
        </div>
      </>
    );
  }
  const stage = state.stage;
  const language = languageInfo(state.targetLanguage);
  const video = stage !== 'audio';
  const source = (
    <SourceOptions
      support={support}
      sourceLanguage={studio.sourceLanguage}
      subtitles={state.sourceSubtitles}
      disabled={state.working}
      onSourceLanguage={(code) => dispatch({ type: 'set-source-language', language: code })}
      onSubtitles={studio.chooseSubtitles}
    />
  );
  return (
    <div className="studio">
      <div className="studio-header">
        <h1 ref={heading} tabIndex={-1}>
          {studioHeading(stage)}
        </h1>
        <div className="change-type">
          {state.working && (
            <span id="change-type-hint" className="hint">
              Cancel the translation to change type.
            </span>
          )}
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              // A new type starts as the studio opens: on the Upload tab.
              setTab('upload');
              reset();
            }}
            disabled={state.working}
            aria-describedby={state.working ? 'change-type-hint' : undefined}
          >
            Change Type
          </button>
        </div>
      </div>
      {state.error && (
        <div className="alert" role="alert">
          {state.error}
        </div>
      )}
      <div className="panels">
        <OriginalPanel
          contentType={stage}
          file={state.file}
          previewUrl={state.previewUrl}
          working={state.working}
          onFile={(file) => chooseFile(file, stage)}
          onUrl={(url) => void translateFromUrl(url)}
          tab={tab}
          onTab={setTab}
        />
        <TranslatedPanel state={state} language={language} video={video} onCancel={studio.cancel} />
      </div>
      {(state.file || tab === 'url') && (
        <SettingsCard
          stage={stage}
          targetLanguage={state.targetLanguage}
          lipSync={state.lipSync}
          voiceCloning={state.voiceCloning}
          working={state.working}
          hasFile={state.file !== undefined}
          onLanguage={(code) => dispatch({ type: 'set-language', language: code })}
          onLipSync={(on) => dispatch({ type: 'set-lip-sync', on })}
          onVoiceCloning={(on) => dispatch({ type: 'set-voice-cloning', on })}
          burnSubtitles={state.burnSubtitles}
          onBurnSubtitles={(on) => dispatch({ type: 'set-burn-subtitles', on })}
          speakers={state.speakers}
          onSpeakers={(count) => dispatch({ type: 'set-speakers', count })}
          bilingualSubtitles={state.bilingualSubtitles}
          onBilingualSubtitles={(on) => dispatch({ type: 'set-bilingual-subtitles', on })}
          asked={state.asked}
          onAsked={(asked) => dispatch({ type: 'set-asked', asked })}
          glossaries={glossaries}
          glossaryId={state.glossaryId}
          onGlossary={(id) => dispatch({ type: 'set-glossary', id })}
          savedVoices={savedVoices}
          speakerVoices={state.speakerVoices}
          onSpeakerVoice={(speaker, voice) => dispatch({ type: 'set-speaker-voice', speaker, voice })}
          moreLanguages={state.moreLanguages}
          onMoreLanguages={(languages) => dispatch({ type: 'set-more-languages', languages })}
          part={state.part}
          onPart={(start, end) => dispatch({ type: 'set-part', start, end })}
          // From a link, Go (beside the link) starts the dub: the card has no second button then.
          {...(state.file ? { onTranslate: () => void translate() } : {})}
          qualities={support.quality}
          cloning={support.cloning}
          speech={support.speech}
          source={source}
        />
      )}
      {state.transcripts.source !== '' && (
        <TranscriptsCard
          source={state.transcripts.source}
          target={state.transcripts.target}
          languageName={language?.name ?? ''}
        />
      )}
      {state.jobId && !state.working && (
        <ProjectEditor key={state.jobId} jobId={state.jobId} onLoaded={studio.followProject} />
      )}
    </div>
  );
}
