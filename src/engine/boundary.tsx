/**
 * Never a blank page: React unmounts the whole tree when a render throws and nothing catches it.
 *
 * - WidgetBoundary, around every widget node (screen.tsx Node): a widget that throws while
 *   rendering is replaced by a small box (messages error.widget, error.retry) in its own place;
 *   the rest of the screen keeps working. Its retry (error.retry) mounts the widget again.
 * - AppBoundary, around the app (main.tsx): an error outside any widget (the shell, the router,
 *   a screen itself) shows the error screen (error.title, error.text) with a reload (error.reload) and
 *   a way home (error.home). Going to another route (the back button) tries again.
 *
 * A chunk that could not be fetched because a deploy removed it is no failure of the widget:
 * when the site serves another build the page reloads into it (release.ts) and nothing is shown
 * meanwhile. Every error is logged on the console (console.error), as the engine's other failures,
 * and reported as field data with the widget's config node (src/rum/).
 */
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { message } from '../config';
import { noteError } from '../rum/early';
import { isChunkLoadError, recoverFromChunkError } from './release';

interface State {
  error: unknown;
  /** a failed chunk whose release check is running: nothing shown until it says a reload will not help */
  checking: boolean;
  /** remounts the children (error.retry) */
  attempt: number;
}

abstract class Boundary<P extends { children: ReactNode }> extends Component<P, State> {
  state: State = { error: null, checking: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown render error'), checking: isChunkLoadError(error) };
  }

  protected abstract describe(): string;

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.describe()} failed to render`, error, info.componentStack ?? '');
    // field data: the error, and this boundary, from whose place in React's tree the collector reads the widget's config node
    noteError({ source: 'render', error, owner: this });
    if (!this.state.checking) return;
    void recoverFromChunkError(error).then((reloading) => {
      if (!reloading) this.setState({ checking: false });
    });
  }

  protected retry = () => this.setState((s) => ({ error: null, checking: false, attempt: s.attempt + 1 }));
}

export class WidgetBoundary extends Boundary<{ type: string; children: ReactNode }> {
  protected describe() {
    return `widget "${this.props.type}"`;
  }

  render() {
    if (!this.state.error) return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
    if (this.state.checking) return null;
    return (
      <div className="widget-failed" role="alert" data-widget-failed={this.props.type}>
        <span>{message('error.widget')}</span>
        <button type="button" className="widget-failed-retry" onClick={this.retry}>
          {message('error.retry')}
        </button>
      </div>
    );
  }
}

export class AppBoundary extends Boundary<{ children: ReactNode }> {
  protected describe() {
    return 'the app';
  }

  private onHashChange = () => {
    if (this.state.error) this.retry();
  };

  componentDidMount() {
    window.addEventListener('hashchange', this.onHashChange);
  }

  componentWillUnmount() {
    window.removeEventListener('hashchange', this.onHashChange);
  }

  private home = () => {
    if (window.location.hash.replace(/^#/, '') === '/' || window.location.hash === '') this.retry();
    else window.location.hash = '#/'; // hashchange: tried again there
  };

  render() {
    if (!this.state.error) return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
    if (this.state.checking) return null;
    return (
      <main className="app-failed" role="alert" data-testid="app-error">
        <h1>{message('error.title')}</h1>
        <p>{message('error.text')}</p>
        <div className="app-failed-actions">
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            {message('error.reload')}
          </button>
          <button type="button" className="btn-ghost app-failed-home" onClick={this.home}>
            {message('error.home')}
          </button>
        </div>
      </main>
    );
  }
}
