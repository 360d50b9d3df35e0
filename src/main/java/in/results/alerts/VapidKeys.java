package in.results.alerts;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;

/**
 * The service's VAPID key pair (RFC 8292): a P-256 key pair whose public half browsers subscribe with and whose
 * private half signs the token of every push request.
 *
 * <p>Both halves have a text form, base64url without padding, as web-push tools print them: the public key is the
 * uncompressed point (65 bytes, what the browser's {@code applicationServerKey} takes), the private key the bare
 * scalar (32 bytes). That is the form kept in the database and given in settings. Instances are immutable and
 * thread-safe; {@link #toString()} never shows the private key.
 */
public final class VapidKeys {
    private final ECPublicKey publicKey;
    private final ECPrivateKey privateKey;
    private final String publicKeyText;
    private final byte[] privateScalar;

    private VapidKeys(ECPublicKey publicKey, ECPrivateKey privateKey) {
        this.publicKey = publicKey;
        this.privateKey = privateKey;
        this.publicKeyText = P256Keys.toBase64Url(P256Keys.uncompressed(publicKey));
        this.privateScalar = P256Keys.scalar(privateKey);
    }

    /** A new key pair from the JDK's default secure random source. */
    public static VapidKeys generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(P256Keys.CURVE);
            KeyPair pair = generator.generateKeyPair();
            return new VapidKeys((ECPublicKey) pair.getPublic(), (ECPrivateKey) pair.getPrivate());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot make P-256 keys", e);
        }
    }

    /**
     * The key pair of two texts as {@link #publicKeyBase64Url()} and {@link #privateKeyText()} give them (padding and
     * surrounding white space are tolerated).
     *
     * @throws IllegalArgumentException naming the half that is missing, not base64url, of the wrong length, not on
     *     the curve or out of its range, or when the private key is not the public key's; the message never repeats
     *     a key
     */
    public static VapidKeys of(String publicKeyBase64Url, String privateKeyBase64Url) {
        ECPublicKey publicKey = P256Keys.publicKey(
                P256Keys.fromBase64Url(publicKeyBase64Url, "the VAPID public key"), "the VAPID public key");
        ECPrivateKey privateKey = P256Keys.privateKey(
                P256Keys.fromBase64Url(privateKeyBase64Url, "the VAPID private key"), "the VAPID private key");
        if (!belongTogether(publicKey, privateKey)) {
            throw new IllegalArgumentException("the VAPID private key is not the one of the VAPID public key");
        }
        return new VapidKeys(publicKey, privateKey);
    }

    /**
     * Whether a signature made with {@code privateKey} verifies under {@code publicKey}: the one test of a pair that
     * the JDK offers without arithmetic on the curve. Two halves of different pairs would otherwise pass every check
     * and fail only at the push service, as a token it refuses.
     */
    private static boolean belongTogether(ECPublicKey publicKey, ECPrivateKey privateKey) {
        byte[] probe = "VAPID key pair check".getBytes(StandardCharsets.US_ASCII);
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(privateKey);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(publicKey);
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot sign with P-256 keys", e);
        }
    }

    /** The public key as the uncompressed point (65 bytes), base64url without padding. */
    public String publicKeyBase64Url() {
        return publicKeyText;
    }

    /** The private key's text form: the scalar (32 bytes), base64url without padding. A secret. */
    public String privateKeyText() {
        return P256Keys.toBase64Url(privateScalar);
    }

    ECPublicKey publicKey() {
        return publicKey;
    }

    ECPrivateKey privateKey() {
        return privateKey;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VapidKeys that
                && publicKeyText.equals(that.publicKeyText)
                && Arrays.equals(privateScalar, that.privateScalar);
    }

    @Override
    public int hashCode() {
        return publicKeyText.hashCode();
    }

    @Override
    public String toString() {
        return "VapidKeys[public=" + publicKeyText + ", private=(hidden)]";
    }
}
