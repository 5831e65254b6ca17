import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'on-ink';
export type ButtonSize = 'md' | 'lg' | 'sm';

const classes = (variant: ButtonVariant, size: ButtonSize, extra?: string) =>
  ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ');

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
};

export const Button = ({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: ButtonProps) => <button type={type} className={classes(variant, size, className)} {...rest} />;

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** Navigation that looks like a button stays a link. */
export const ButtonLink = ({ variant = 'primary', size = 'md', className, ...rest }: ButtonLinkProps) => (
  <Link className={classes(variant, size, className)} {...rest} />
);
