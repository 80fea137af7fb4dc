// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhotoGallery, type GalleryPhoto } from './photo-gallery';

afterEach(cleanup);

const photos: GalleryPhoto[] = [
  { src: '/p/1.jpg', width: 1600, height: 1200, alt: 'Séjour lumineux' },
  { src: '/p/2.jpg', width: 1200, height: 1600, alt: 'Cuisine ouverte' },
  { src: '/p/3.jpg', width: 1600, height: 1067, alt: 'Chambre sur cour' },
  { src: '/p/4.jpg', width: 1600, height: 900, alt: 'Salle de bains' },
  { src: '/p/5.jpg', width: 1600, height: 1200, alt: 'Balcon' },
];

const shown = () => screen.getByTestId('gallery-photo') as HTMLImageElement;
const position = () => screen.getByTestId('gallery-position').textContent;
const thumbnail = (n: number) => screen.getByRole('button', { name: `Afficher la photo ${n}` });

describe('PhotoGallery', () => {
  it('shows the first photo, its size reserved, with a polite position', () => {
    render(<PhotoGallery photos={photos} />);
    expect(screen.getByRole('group', { name: 'Photos du bien' })).toBeTruthy();
    expect(shown().getAttribute('src')).toBe('/p/1.jpg');
    expect(shown().alt).toBe('Séjour lumineux');
    expect(shown().getAttribute('width')).toBe('1600');
    expect(shown().getAttribute('height')).toBe('1200');
    expect(shown().getAttribute('decoding')).toBe('async');
    expect(position()).toBe('Photo 1 sur 5');
    expect(screen.getByTestId('gallery-position').getAttribute('aria-live')).toBe('polite');
    expect(thumbnail(1).getAttribute('aria-current')).toBe('true');
    expect(thumbnail(2).getAttribute('aria-current')).toBeNull();
  });

  it('loads the first photo at once and the others lazily, every image with its size', () => {
    render(<PhotoGallery photos={photos} />);
    const images = [...document.querySelectorAll('img')];
    expect(images).toHaveLength(1 + photos.length);
    expect(shown().getAttribute('loading')).toBe('eager');
    const thumbs = images.filter((img) => img !== shown());
    expect(thumbs.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
    ]);
    for (const img of images) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
      expect(img.getAttribute('decoding')).toBe('async');
    }
    expect(thumbs[1]?.getAttribute('width')).toBe('1200');
    expect(thumbs[1]?.getAttribute('height')).toBe('1600');
    // The large photo shown after the first one is lazy too.
    fireEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    expect(shown().getAttribute('loading')).toBe('lazy');
  });

  it('loads nothing eagerly when it is not a priority', () => {
    render(<PhotoGallery photos={photos} priority={false} />);
    for (const img of document.querySelectorAll('img'))
      expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('goes to the next and previous photo with the buttons, never past the ends', () => {
    render(<PhotoGallery photos={photos} />);
    const previous = screen.getByRole('button', { name: 'Précédente' });
    const next = screen.getByRole('button', { name: 'Suivante' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(previous);
    expect(position()).toBe('Photo 1 sur 5');
    fireEvent.click(next);
    expect(shown().getAttribute('src')).toBe('/p/2.jpg');
    expect(shown().alt).toBe('Cuisine ouverte');
    expect(shown().getAttribute('width')).toBe('1200');
    expect(position()).toBe('Photo 2 sur 5');
    expect(thumbnail(2).getAttribute('aria-current')).toBe('true');
    expect(thumbnail(1).getAttribute('aria-current')).toBeNull();
    fireEvent.click(previous);
    expect(position()).toBe('Photo 1 sur 5');
    for (let i = 0; i < 6; i++) fireEvent.click(next);
    expect(position()).toBe('Photo 5 sur 5');
    expect(next.getAttribute('aria-disabled')).toBe('true');
  });

  it('goes to the photo of a thumbnail', () => {
    render(<PhotoGallery photos={photos} />);
    fireEvent.click(thumbnail(4));
    expect(shown().getAttribute('src')).toBe('/p/4.jpg');
    expect(position()).toBe('Photo 4 sur 5');
    expect(thumbnail(4).getAttribute('aria-current')).toBe('true');
  });

  it('follows the arrow keys, Home and End while the focus is inside', () => {
    render(<PhotoGallery photos={photos} />);
    const next = screen.getByRole('button', { name: 'Suivante' });
    next.focus();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(position()).toBe('Photo 2 sur 5');
    fireEvent.keyDown(thumbnail(1), { key: 'ArrowRight' });
    expect(position()).toBe('Photo 3 sur 5');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(position()).toBe('Photo 2 sur 5');
    fireEvent.keyDown(next, { key: 'End' });
    expect(position()).toBe('Photo 5 sur 5');
    expect(shown().getAttribute('src')).toBe('/p/5.jpg');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(position()).toBe('Photo 5 sur 5');
    fireEvent.keyDown(next, { key: 'Home' });
    expect(position()).toBe('Photo 1 sur 5');
    fireEvent.keyDown(next, { key: 'a' });
    expect(position()).toBe('Photo 1 sur 5');
  });

  it('changes photo on a horizontal swipe longer than 40 px, not on a short or vertical one', () => {
    render(<PhotoGallery photos={photos} />);
    const frame = shown().parentElement as HTMLElement;
    const swipe = (from: [number, number], to: [number, number], pointerType = 'touch') => {
      const common = { pointerId: 7, pointerType, isPrimary: true };
      fireEvent.pointerDown(frame, { ...common, clientX: from[0], clientY: from[1] });
      fireEvent.pointerMove(frame, { ...common, clientX: to[0], clientY: to[1] });
      fireEvent.pointerUp(frame, { ...common, clientX: to[0], clientY: to[1] });
    };
    swipe([300, 200], [200, 210]);
    expect(position()).toBe('Photo 2 sur 5');
    expect(shown().getAttribute('src')).toBe('/p/2.jpg');
    swipe([300, 200], [270, 200]);
    expect(position()).toBe('Photo 2 sur 5');
    swipe([300, 200], [250, 320]);
    expect(position()).toBe('Photo 2 sur 5');
    swipe([100, 200], [200, 190]);
    expect(position()).toBe('Photo 1 sur 5');
    swipe([100, 200], [200, 190]);
    expect(position()).toBe('Photo 1 sur 5');
    // A cancelled gesture (the browser took it to scroll) changes nothing.
    fireEvent.pointerDown(frame, {
      pointerId: 8,
      pointerType: 'touch',
      isPrimary: true,
      clientX: 300,
    });
    fireEvent.pointerCancel(frame, { pointerId: 8, pointerType: 'touch', isPrimary: true });
    fireEvent.pointerUp(frame, {
      pointerId: 8,
      pointerType: 'touch',
      isPrimary: true,
      clientX: 100,
    });
    expect(position()).toBe('Photo 1 sur 5');
  });

  it('shows one photo without any control', () => {
    render(<PhotoGallery photos={photos.slice(0, 1)} label="Photo du bien" />);
    expect(screen.getByRole('group', { name: 'Photo du bien' })).toBeTruthy();
    expect(shown().getAttribute('src')).toBe('/p/1.jpg');
    expect(shown().getAttribute('loading')).toBe('eager');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByTestId('gallery-position')).toBeNull();
  });

  it('renders nothing without photos', () => {
    const { container } = render(<PhotoGallery photos={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
