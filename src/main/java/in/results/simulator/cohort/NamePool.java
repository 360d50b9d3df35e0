package in.results.simulator.cohort;

import java.util.List;
import java.util.SplittableRandom;

/** Invented Telugu-style student and father names, upper case as the result pages print them. */
final class NamePool {

    private static final List<String> WOMEN = List.of(
            "ANANYA",
            "SRAVANI",
            "DIVYA",
            "HARIKA",
            "MOUNIKA",
            "SAI PRIYA",
            "KEERTHI",
            "SNEHA",
            "BHAVANA",
            "LAKSHMI",
            "PRAVALLIKA",
            "SINDHUJA",
            "MANASA",
            "SUSHMA",
            "TEJASWINI",
            "AKHILA",
            "NAVYA",
            "RAMYA",
            "VAISHNAVI",
            "SOWMYA",
            "HARSHITHA",
            "DEEPIKA",
            "SUPRIYA",
            "NIKHITHA");
    private static final List<String> MEN = List.of(
            "RAVI TEJA",
            "SAI KIRAN",
            "VAMSHI",
            "NAVEEN",
            "SANDEEP",
            "ABHISHEK",
            "PRANEETH",
            "RAHUL",
            "AKHIL",
            "SRIKANTH",
            "VENKATESH",
            "MAHESH",
            "KARTHIK",
            "SAI CHARAN",
            "NIKHIL",
            "ROHITH",
            "SHIVA KUMAR",
            "HARSHA",
            "MANIKANTA",
            "VINAY",
            "SURESH",
            "RAMESH",
            "NAGARAJU",
            "SRINIVAS",
            "ANIL KUMAR",
            "PRASAD",
            "VENKAT REDDY");
    private static final List<String> SURNAMES = List.of(
            "REDDY",
            "RAO",
            "GOUD",
            "NAIDU",
            "VARMA",
            "SHARMA",
            "YADAV",
            "CHOWDARY",
            "PATEL",
            "NAYAK",
            "BATHULA",
            "KONDA",
            "PEDDI",
            "GUNDA",
            "THOTA",
            "MUTHYALA",
            "ANUMULA",
            "KATTA",
            "BOMMA");

    private final SplittableRandom random;

    NamePool(SplittableRandom random) {
        this.random = random;
    }

    String studentName() {
        boolean woman = random.nextBoolean();
        String given = pick(woman ? WOMEN : MEN);
        String surname = pick(SURNAMES);
        return switch (random.nextInt(4)) {
            case 0 -> surname + " " + given;
            case 1 -> given + " " + surname;
            case 2 -> woman ? given + " KUMARI" : given + " " + surname;
            default -> initial() + " " + given;
        };
    }

    /** Fathers are usually printed as an initial and a given name ({@code K RAMESH}). */
    String fatherName() {
        String given = pick(MEN);
        return random.nextInt(4) == 0 ? pick(SURNAMES) + " " + given : initial() + " " + given;
    }

    private String initial() {
        return Character.toString((char) ('A' + random.nextInt(26)));
    }

    private String pick(List<String> names) {
        return names.get(random.nextInt(names.size()));
    }
}
