/// The demo's screens: their classes are what the current stack shows.
public final class TrailListViewController: ViewController {}
public final class TrailMapViewController: ViewController {}
public final class ProfileViewController: ViewController {}
public final class TrailViewController: ViewController {}
public final class LoginViewController: ViewController {}
