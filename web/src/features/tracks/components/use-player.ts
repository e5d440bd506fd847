import { useEffect, useReducer, useState } from 'react';
import type { PLAYBACK_SPEEDS } from '@console/contract/http/tracks';

export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** At 1x the player moves one track point a second; at 32x, 32 points a second. */
const STEP_MS = 1000;

interface PlayerState {
  index: number;
  playing: boolean;
}
type PlayerAction = { type: 'tick' | 'play' | 'pause' } | { type: 'seek'; to: number };

/** The player over `last + 1` points: reaching the last point pauses; playing from there starts again. */
function step(last: number) {
  return (state: PlayerState, action: PlayerAction): PlayerState => {
    switch (action.type) {
      case 'tick':
        return state.index + 1 >= last ? { index: last, playing: false } : { ...state, index: state.index + 1 };
      case 'play':
        return last < 1 ? state : { index: state.index >= last ? 0 : state.index, playing: true };
      case 'pause':
        return { ...state, playing: false };
      case 'seek':
        return { ...state, index: Math.max(0, Math.min(action.to, last)) };
    }
  };
}

/** The player's clock over the points of a track: the current point, playing or paused, and the speed. */
export function usePlayer(count: number) {
  const last = Math.max(0, count - 1);
  const [state, dispatch] = useReducer(step(last), { index: 0, playing: false });
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);

  useEffect(() => {
    if (!state.playing) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), STEP_MS / speed);
    return () => clearInterval(timer);
  }, [state.playing, speed]);

  return {
    index: state.index,
    playing: state.playing,
    speed,
    setSpeed,
    play: () => dispatch({ type: 'play' }),
    pause: () => dispatch({ type: 'pause' }),
    /** Jump to a point (the slider, an alarm of the list); playing goes on from there. */
    seek: (to: number) => dispatch({ type: 'seek', to }),
  };
}
