import { Svg, type IconProps } from './svg';

export function BallIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3v18" />
      <path d="M5.6 5.6c3.2 2.9 3.2 9.9 0 12.8M18.4 5.6c-3.2 2.9-3.2 9.9 0 12.8" />
    </Svg>
  );
}
