import { describe, expect, it } from 'vitest';
import { canMove, move, newGame, play, slideRow } from './game-2048';

describe('2048', () => {
  it('slides and merges each pair once, scoring the merged sums', () => {
    expect(slideRow([2, 2, 2, 2])).toEqual({ row: [4, 4, 0, 0], gained: 8 });
    expect(slideRow([0, 2, 0, 2])).toEqual({ row: [4, 0, 0, 0], gained: 4 });
    expect(slideRow([4, 2, 2, 0])).toEqual({ row: [4, 4, 0, 0], gained: 4 });
    expect(slideRow([2, 4, 8, 16])).toEqual({ row: [2, 4, 8, 16], gained: 0 });
  });

  it('moves in all four directions', () => {
    const b = [
      [0, 0, 0, 2],
      [0, 0, 0, 2],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    expect(move(b, 'up').board[0]).toEqual([0, 0, 0, 4]);
    expect(move(b, 'down').board[3]).toEqual([0, 0, 0, 4]);
    expect(move(b, 'left').board[0]).toEqual([2, 0, 0, 0]);
    expect(move(b, 'right').moved).toBe(false);
  });

  it('adds a tile only after a move that changed the board, and ends when nothing moves', () => {
    const state = {
      board: [
        [2, 2, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
      score: 0,
      isOver: false,
      hasWon: false,
    };
    const next = play(state, 'left', () => 0);
    expect(next.score).toBe(4);
    expect(next.board.flat().filter((v) => v !== 0)).toHaveLength(2);
    expect(
      play(
        {
          ...state,
          board: [
            [2, 0, 0, 0],
            [0, 0, 0, 0],
            [0, 0, 0, 0],
            [0, 0, 0, 0],
          ],
        },
        'left',
      ),
    ).toMatchObject({ score: 0 });
    expect(
      canMove([
        [2, 4, 2, 4],
        [4, 2, 4, 2],
        [2, 4, 2, 4],
        [4, 2, 4, 2],
      ]),
    ).toBe(false);
    expect(
      newGame()
        .board.flat()
        .filter((v) => v !== 0),
    ).toHaveLength(2);
  });
});
