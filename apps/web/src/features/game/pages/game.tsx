/**
 * The game route (decision 024): 2048, played with the arrow keys (or WASD) on the focused board,
 * by swiping on a phone, or with the four buttons. The member's game identity (gmtUserInfo) is
 * fetched for an external game an operator may plug in; the built-in game shows the name only.
 */
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/ui/page-header';
import { gameUserInfo } from '../api';
import { newGame, play, type Direction, type GameState } from '../game-2048';

const keyDirections: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  a: 'left',
  d: 'right',
  w: 'up',
  s: 'down',
};
const swipeMinPx = 24;

export function GamePage() {
  const { t } = useTranslation();
  const [state, setState] = useState<GameState>(() => newGame());
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const identity = useQuery({ queryKey: ['gmtUserInfo'], queryFn: () => gameUserInfo(), staleTime: 60_000 });

  const go = (direction: Direction) => setState((s) => play(s, direction));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = keyDirections[event.key];
    if (direction) {
      event.preventDefault();
      go(direction);
    }
  };
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (touch) touchStart.current = { x: touch.clientX, y: touch.clientY };
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < swipeMinPx) return;
    go(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up');
  };

  return (
    <div className="stack">
      <PageHeader title={t('game.title')} description={t('game.description')} />
      <section className="card game-card" aria-labelledby="game-heading">
        <h2 id="game-heading" className="card-title">
          {t('game.name')}
        </h2>
        <div className="game-bar">
          <p className="game-score" aria-live="polite" data-testid="game-score">
            {t('game.score', { score: state.score })}
          </p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setState(newGame())}>
            {t('game.newGame')}
          </button>
        </div>
        <p className="field-hint" id="game-help">
          {t('game.help')}
        </p>
        <div
          className="game-board"
          role="group"
          tabIndex={0}
          aria-label={t('game.board')}
          aria-describedby="game-help"
          data-testid="game-board"
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
        >
          {state.board.flat().map((value, i) => (
            <div key={i} className={`game-tile game-tile-${Math.min(value, 4096)}`} aria-hidden="true">
              {value || ''}
            </div>
          ))}
        </div>
        <div className="game-pad" aria-label={t('game.controls')} role="group">
          <button type="button" className="btn btn-secondary game-up" onClick={() => go('up')}>
            {t('game.up')}
          </button>
          <button type="button" className="btn btn-secondary game-left" onClick={() => go('left')}>
            {t('game.left')}
          </button>
          <button type="button" className="btn btn-secondary game-down" onClick={() => go('down')}>
            {t('game.down')}
          </button>
          <button type="button" className="btn btn-secondary game-right" onClick={() => go('right')}>
            {t('game.right')}
          </button>
        </div>
        {state.isOver && (
          <p role="status" className="game-over">
            {t('game.over', { score: state.score })}
          </p>
        )}
        {state.hasWon && !state.isOver && <p role="status">{t('game.won')}</p>}
        <p className="card-note">
          {identity.isSuccess ? t('game.identity', { name: identity.data.userName }) : identity.isError ? t('game.identityFailed') : t('game.identityLoading')}
        </p>
      </section>
    </div>
  );
}
