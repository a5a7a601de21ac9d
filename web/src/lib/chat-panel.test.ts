import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chatPanel, openChatWith, useChatPanel } from './chat-panel.ts';

afterEach(() => chatPanel.close());

describe('chat panel state', () => {
  it('opens on a member, focuses a thread, goes back to the list and closes, for every reader', () => {
    const first = renderHook(() => useChatPanel());
    const second = renderHook(() => useChatPanel());
    act(() => openChatWith(12));
    expect(first.result.current).toEqual({ open: true, target: { userId: 12 } });
    expect(second.result.current).toEqual({ open: true, target: { userId: 12 } });
    act(() => chatPanel.focus({ threadId: '3x12' }));
    expect(first.result.current.target).toEqual({ threadId: '3x12' });
    act(() => chatPanel.focus(null));
    expect(first.result.current).toEqual({ open: true, target: null });
    act(() => chatPanel.close());
    expect(second.result.current).toEqual({ open: false, target: null });
  });
});
