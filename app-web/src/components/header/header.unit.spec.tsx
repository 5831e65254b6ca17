import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { stubMatchMedia } from '../../testing/match-media';
import { Header } from './header';

afterEach(cleanup);

const renderHeader = (loggedIn: boolean, onLogout = () => {}) =>
  render(
    <MemoryRouter>
      <Header loggedIn={loggedIn} onLogout={onLogout} />
    </MemoryRouter>,
  );

describe('Header on a small screen', () => {
  it('opens and closes the menu with the burger button', () => {
    stubMatchMedia(true);
    renderHeader(true);
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(burger.getAttribute('aria-controls')).toBe('main-menu');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(menu.id).toBe('main-menu');
    for (const label of [
      'Practice',
      'Stats',
      'Change Skills',
      'Account Settings',
      'Lesson History',
      'About Us',
      'Impressum',
    ]) {
      expect(screen.getByRole('link', { name: label }).closest('[hidden]')).toBeNull();
    }

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('closes the open menu on Escape', () => {
    stubMatchMedia(true);
    renderHeader(true);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Header on a wide screen', () => {
  it('shows the practice links and Logout without a burger', () => {
    stubMatchMedia(false);
    const onLogout = vi.fn();
    renderHeader(true, onLogout);
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Practice' }).getAttribute('href')).toBe('/launch-overview');
    expect(screen.getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe('/stats-and-progress');
    expect(screen.getByRole('link', { name: 'Change Skills' }).getAttribute('href')).toBe('/update-skills');
    fireEvent.click(screen.getByRole('button', { name: /Logout/ }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('Header for a logged-out visitor', () => {
  it('offers only the account icon linking to /login', () => {
    stubMatchMedia(true);
    renderHeader(false);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
