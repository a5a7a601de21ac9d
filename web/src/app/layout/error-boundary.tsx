import { css } from '@emotion/react';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonRow, buttonStyle } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { nl } from '../../messages/nl.ts';
import { isStaleChunkError, reloadForNewBuild, reloadUnderWay } from '../stale-build.ts';

type State = { error: unknown; reloading?: boolean };

/** Shown when a page crashes or its code cannot be loaded; a build that is gone reloads once instead. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    // The page's code is of a build that is gone (a tab opened before a deploy): reload once.
    // Or a reload is already under way (vite:preloadError): no error screen until it happens.
    if (reloadUnderWay() || (isStaleChunkError(error) && reloadForNewBuild()))
      this.setState({ reloading: true });
    else console.error('page error', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.state.reloading) return null;
    return (
      <div
        role="alert"
        css={css`
          max-width: 560px;
          margin: 64px auto;
          padding: 0 16px;
        `}
      >
        <h1>{nl.routeError.title}</h1>
        <p>{nl.routeError.body}</p>
        <div css={buttonRow}>
          <button type="button" css={buttonStyle('primary')} onClick={() => window.location.reload()}>
            {nl.routeError.reload}
          </button>
          <Link to={paths.home} reloadDocument css={buttonStyle('secondary')}>
            {nl.notFound.home}
          </Link>
        </div>
      </div>
    );
  }
}
