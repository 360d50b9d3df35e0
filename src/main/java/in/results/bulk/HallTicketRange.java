package in.results.bulk;

import in.results.core.HallTicket;
import java.util.ArrayList;
import java.util.List;

/**
 * A bulk range of hall tickets: both ends share the first 8 characters; the last two (the roll) run
 * {@code 01}…{@code 99}, then {@code A0}…{@code Z9} — every letter, I and O included, because some colleges
 * use them. Ends are inclusive and normalised to upper case.
 */
public record HallTicketRange(HallTicket first, HallTicket last) {
    private static final int LETTER_ROLLS_START = 100;

    public HallTicketRange {
        if (!prefixOf(first).equals(prefixOf(last))) {
            throw new IllegalArgumentException("both ends must share their first 8 characters");
        }
        if (rollIndex(first) < 0 || rollIndex(last) < 0) {
            throw new IllegalArgumentException("the last two characters must be a roll 01-99 or A0-Z9");
        }
        if (rollIndex(first) > rollIndex(last)) {
            throw new IllegalArgumentException("the range is reversed");
        }
    }

    /** How many hall tickets the range holds. */
    public int size() {
        return rollIndex(last) - rollIndex(first) + 1;
    }

    /** The hall tickets in roll order. */
    public List<HallTicket> hallTickets() {
        List<HallTicket> tickets = new ArrayList<>(size());
        String prefix = prefixOf(first);
        for (int index = rollIndex(first); index <= rollIndex(last); index++) {
            tickets.add(new HallTicket(prefix + rollAt(index)));
        }
        return tickets;
    }

    private static String prefixOf(HallTicket ticket) {
        return ticket.value().substring(0, 8);
    }

    private static int rollIndex(HallTicket ticket) {
        return rollIndex(ticket.value().substring(8));
    }

    /** 01..99 → 1..99, A0..Z9 → 100..359; anything else → -1. */
    private static int rollIndex(String roll) {
        char tens = roll.charAt(0);
        char units = roll.charAt(1);
        if (!Character.isDigit(units)) {
            return -1;
        }
        if (Character.isDigit(tens)) {
            int value = (tens - '0') * 10 + (units - '0');
            return value == 0 ? -1 : value;
        }
        return LETTER_ROLLS_START + (tens - 'A') * 10 + (units - '0');
    }

    private static String rollAt(int index) {
        if (index < LETTER_ROLLS_START) {
            return String.format("%02d", index);
        }
        int offset = index - LETTER_ROLLS_START;
        return "" + (char) ('A' + offset / 10) + (char) ('0' + offset % 10);
    }
}
