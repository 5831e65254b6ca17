import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from '../icons/icons';
import './accordion.css';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/** Independent collapsible items; each header is a button that reports aria-expanded. */
export const Accordion = ({
  items,
  headingLevel = 3,
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3 | 4;
}) => {
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="accordion">
      {items.map((item) => {
        const open = openIds.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className="accordion__item" data-open={open}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <ChevronIcon className="accordion__chevron" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion__panel"
              hidden={!open}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
};
