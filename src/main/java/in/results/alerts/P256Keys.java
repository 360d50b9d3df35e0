package in.results.alerts;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * P-256 keys in the byte forms Web Push uses: a public key is the uncompressed point (0x04, x, y: 65 bytes), a private
 * key the bare scalar (32 bytes), both carried as base64url without padding. Each check throws an
 * {@link IllegalArgumentException} whose message starts with the name of what was checked ({@code what}) and never
 * repeats the value.
 */
final class P256Keys {
    static final int PUBLIC_KEY_BYTES = 65;
    static final int PRIVATE_KEY_BYTES = 32;
    private static final int COORDINATE_BYTES = 32;

    static final ECParameterSpec CURVE = curve();

    private static final BigInteger P = ((ECFieldFp) CURVE.getCurve().getField()).getP();
    private static final BigInteger A = CURVE.getCurve().getA();
    private static final BigInteger B = CURVE.getCurve().getB();

    private P256Keys() {}

    private static ECParameterSpec curve() {
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec("secp256r1"));
            return parameters.getParameterSpec(ECParameterSpec.class);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK offers no P-256 (secp256r1)", e);
        }
    }

    /** The bytes of {@code text}, base64url with or without padding; surrounding white space is ignored. */
    static byte[] fromBase64Url(String text, String what) {
        if (text == null) {
            throw new IllegalArgumentException(what + " is missing");
        }
        try {
            return Base64.getUrlDecoder().decode(text.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " is not base64url");
        }
    }

    static String toBase64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * The public key whose uncompressed point is {@code point}. The point is checked to lie on the curve: the JDK's
     * key factory takes any pair of coordinates, and a point off the curve would fail only later, in the middle of an
     * encryption.
     */
    static ECPublicKey publicKey(byte[] point, String what) {
        if (point.length != PUBLIC_KEY_BYTES || point[0] != 0x04) {
            throw new IllegalArgumentException(
                    what + " is not an uncompressed P-256 point (65 bytes starting with 0x04; got " + point.length
                            + " bytes)");
        }
        BigInteger x = new BigInteger(1, Arrays.copyOfRange(point, 1, 1 + COORDINATE_BYTES));
        BigInteger y = new BigInteger(1, Arrays.copyOfRange(point, 1 + COORDINATE_BYTES, PUBLIC_KEY_BYTES));
        if (!onCurve(x, y)) {
            throw new IllegalArgumentException(what + " is not a point on P-256");
        }
        try {
            return (ECPublicKey)
                    KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(new ECPoint(x, y), CURVE));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(what + " is not a P-256 public key", e);
        }
    }

    /** y² = x³ + ax + b (mod p), with both coordinates reduced: P-256's cofactor is 1, so this is the whole check. */
    private static boolean onCurve(BigInteger x, BigInteger y) {
        if (x.compareTo(P) >= 0 || y.compareTo(P) >= 0) {
            return false;
        }
        BigInteger left = y.multiply(y).mod(P);
        BigInteger right = x.pow(3).add(A.multiply(x)).add(B).mod(P);
        return left.equals(right);
    }

    /** The private key whose scalar is {@code scalar}, which must lie in [1, n − 1]. */
    static ECPrivateKey privateKey(byte[] scalar, String what) {
        if (scalar.length != PRIVATE_KEY_BYTES) {
            throw new IllegalArgumentException(
                    what + " is not a P-256 private key (32 bytes; got " + scalar.length + " bytes)");
        }
        BigInteger s = new BigInteger(1, scalar);
        if (s.signum() == 0 || s.compareTo(CURVE.getOrder()) >= 0) {
            throw new IllegalArgumentException(what + " is out of range for P-256");
        }
        try {
            return (ECPrivateKey) KeyFactory.getInstance("EC").generatePrivate(new ECPrivateKeySpec(s, CURVE));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(what + " is not a P-256 private key", e);
        }
    }

    static byte[] uncompressed(ECPublicKey key) {
        byte[] point = new byte[PUBLIC_KEY_BYTES];
        point[0] = 0x04;
        fixedLength(key.getW().getAffineX(), point, 1);
        fixedLength(key.getW().getAffineY(), point, 1 + COORDINATE_BYTES);
        return point;
    }

    static byte[] scalar(ECPrivateKey key) {
        byte[] scalar = new byte[PRIVATE_KEY_BYTES];
        fixedLength(key.getS(), scalar, 0);
        return scalar;
    }

    /** {@code value} as 32 big-endian bytes at {@code offset}: BigInteger drops leading zeros and may add a sign byte. */
    private static void fixedLength(BigInteger value, byte[] into, int offset) {
        byte[] bytes = value.toByteArray();
        int length = Math.min(bytes.length, COORDINATE_BYTES);
        System.arraycopy(bytes, bytes.length - length, into, offset + COORDINATE_BYTES - length, length);
    }
}
