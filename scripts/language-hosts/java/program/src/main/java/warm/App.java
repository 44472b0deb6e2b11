package warm;

/** Compiled and run once by scripts/language-hosts.sh so Maven fetches what a program needs. */
public final class App {
    private App() {}

    public static void main(String[] args) {
        System.out.println("warm: com.pulumi:pulumi is on the class path: "
                + com.pulumi.Pulumi.class.getName());
    }
}
