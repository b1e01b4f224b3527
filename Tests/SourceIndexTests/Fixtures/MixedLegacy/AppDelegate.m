#import "AppDelegate.h"
#import "Harbor-Swift.h"

@interface AppDelegate ()
@property (strong, nonatomic) HarborAppCoordinator *appCoordinator;
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
    // The store opens first; the root is made when it is ready.
    [self.store openWithCompletion:^(BOOL opened) {
        self.appCoordinator = [[HarborAppCoordinator alloc] initWithWindow:self.window];
        [self.appCoordinator start];
    }];
    return YES;
}

@end
