/**
 * 2048 on a 4 x 4 board (decision 024): slide every tile one way, equal neighbours merge once
 * per move and add their sum to the score; after each move that changed the board a 2 (or, one
 * time in ten, a 4) appears in an empty cell. Pure functions; the page keeps the state.
 */
export const boardSize = 4;
export type Board = number[][];
export type Direction = 'left' | 'right' | 'up' | 'down';

export interface GameState {
  board: Board;
  score: number;
  isOver: boolean;
  hasWon: boolean;
}

export const emptyBoard = (): Board => Array.from({ length: boardSize }, () => Array<number>(boardSize).fill(0));

/** Slides one row to the left: the row, the points scored. */
export function slideRow(row: readonly number[]): { row: number[]; gained: number } {
  const tiles = row.filter((v) => v !== 0);
  const out: number[] = [];
  let gained = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === tiles[i + 1]) {
      out.push(tiles[i]! * 2);
      gained += tiles[i]! * 2;
      i++;
    } else {
      out.push(tiles[i]!);
    }
  }
  while (out.length < row.length) out.push(0);
  return { row: out, gained };
}

const transpose = (b: Board): Board => b[0]!.map((_, c) => b.map((row) => row[c]!));
const mirror = (b: Board): Board => b.map((row) => [...row].reverse());

/** The board after a move and the points it scored; `moved` is false when nothing could slide. */
export function move(board: Board, direction: Direction): { board: Board; gained: number; moved: boolean } {
  const toLeft = direction === 'left' ? board : direction === 'right' ? mirror(board) : direction === 'up' ? transpose(board) : mirror(transpose(board));
  let gained = 0;
  const slid = toLeft.map((row) => {
    const r = slideRow(row);
    gained += r.gained;
    return r.row;
  });
  const back = direction === 'left' ? slid : direction === 'right' ? mirror(slid) : direction === 'up' ? transpose(slid) : transpose(mirror(slid));
  const moved = back.some((row, r) => row.some((v, c) => v !== board[r]![c]));
  return { board: back, gained, moved };
}

export function addTile(board: Board, random: () => number = Math.random): Board {
  const empty: Array<[number, number]> = [];
  board.forEach((row, r) => row.forEach((v, c) => v === 0 && empty.push([r, c])));
  if (empty.length === 0) return board;
  const [r, c] = empty[Math.floor(random() * empty.length)]!;
  const next = board.map((row) => [...row]);
  next[r]![c] = random() < 0.9 ? 2 : 4;
  return next;
}

export const canMove = (board: Board): boolean => (['left', 'right', 'up', 'down'] as const).some((d) => move(board, d).moved);

export function newGame(random: () => number = Math.random): GameState {
  return { board: addTile(addTile(emptyBoard(), random), random), score: 0, isOver: false, hasWon: false };
}

export function play(state: GameState, direction: Direction, random: () => number = Math.random): GameState {
  if (state.isOver) return state;
  const result = move(state.board, direction);
  if (!result.moved) return state;
  const board = addTile(result.board, random);
  return { board, score: state.score + result.gained, isOver: !canMove(board), hasWon: state.hasWon || board.some((row) => row.includes(2048)) };
}
